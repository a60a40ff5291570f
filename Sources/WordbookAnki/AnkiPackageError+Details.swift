extension AnkiPackageError {
  /// How a zip archive is damaged, as ``AnkiPackageError/corruptZip(_:)`` carries it.
  public enum ZipDamage: Hashable, Sendable {
    /// The file is too short to hold a zip directory.
    case tooShort
    /// The file has no end of central directory: it may be cut short.
    case noDirectoryEnd
    /// The central directory lies outside the file.
    case directoryOutsideFile
    /// A central directory entry is damaged.
    case damagedDirectoryEntry
    /// A central directory entry runs past the directory.
    case directoryEntryOverruns
    /// A member lies outside the file.
    case outsideFile
    /// The file ends before a member does.
    case endsEarly
    /// The named member starts outside the file.
    case memberOutsideFile(String)
    /// The named member has no local header.
    case noLocalHeader(String)
    /// The named member runs past the end of its data.
    case memberOverruns(String)
    /// The named stored member has two different sizes.
    case storedSizesDiffer(String)
    /// The named member inflates past its declared size.
    case inflatesPastSize(String)
    /// The named member inflates to a size other than declared.
    case inflatesToOtherSize(String)
    /// The named member is damaged or cut short.
    case damagedMember(String)
    /// zlib could not start inflating the named member.
    case inflaterNotStarted(String)
  }

  /// A feature of a zip archive this reader does not support, as
  /// ``AnkiPackageError/unsupportedZip(_:)`` carries it.
  public enum ZipFeature: Hashable, Sendable {
    /// The zip64 extensions, for archives past 4 GiB.
    case zip64
    /// Encrypted members.
    case encryption
    /// A compression method other than stored (0) or deflated (8).
    case compressionMethod(UInt16)
  }

  /// How a zstd-compressed collection is damaged, as ``AnkiPackageError/corruptZstd(_:)``
  /// carries it.
  public enum ZstdDamage: Hashable, Sendable {
    /// The decoder could not be made: the system is out of memory.
    case outOfMemory
    /// The data ends inside a frame.
    case cutShort
    /// libzstd refused the data; its own name for the error.
    case refused(String)
  }

  /// Why a package's collection is not an Anki collection, as
  /// ``AnkiPackageError/notACollection(_:)`` carries it; each names the collection's member.
  public enum CollectionProblem: Hashable, Sendable {
    /// The collection is not an SQLite database.
    case notSQLite(String)
    /// SQLite could not open the collection.
    case cannotOpen(String)
    /// SQLite could not set the collection's reading up safely.
    case cannotGuard(String)
    /// A table the reader needs (`notes`, `cards`, `revlog`) is a view, a virtual table or an
    /// index.
    case notAnOrdinaryTable(String, table: String)
    /// The collection has no notes table with a stored `flds` column.
    case noNotesTable(String)
    /// A query failed; SQLite's own message.
    case queryFailed(String, message: String)
  }
}
