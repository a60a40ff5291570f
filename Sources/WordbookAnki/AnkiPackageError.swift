import Wordbook

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why an Anki package (`.apkg`) could not be read as a whole; ``message(in:)`` words it.
///
/// A note that cannot be a card is not an error: it becomes a rejected note in
/// ``AnkiImportPlan/problems``. These errors stop the import before anything is written.
public enum AnkiPackageError: Error, Hashable, Sendable {
  /// The file could not be read (its `errno`).
  case readFailed(errorNumber: Int32)
  /// The file is not a zip archive, or its structure is damaged or cut short: how.
  case corruptZip(ZipDamage)
  /// The zip uses a feature this reader does not support (encryption, zip64, a compression
  /// method other than stored or deflated): which.
  case unsupportedZip(ZipFeature)
  /// A member's path is absolute or climbs out with `..`.
  case unsafePath(String)
  /// A member would inflate past the size limit: a zip bomb, or a file too large to import.
  case memberTooLarge(String, limit: Int)
  /// Two members of the archive have the same name.
  case duplicateMember(String)
  /// Two members' local headers and data overlap in the file, so that one stretch of
  /// compressed data would be inflated once for each.
  case overlappingMembers(String, String)
  /// The package would expand past its budget (its limit in bytes), every member and every
  /// layer of compression counted; the member is the one being read when it ran out.
  case packageTooLarge(String, limit: Int)
  /// A member's content does not match the CRC-32 the archive records for it.
  case checksumMismatch(String)
  /// The archive holds no `collection.anki21b`, `collection.anki21` or `collection.anki2`.
  case noCollection
  /// The collection is not an Anki collection (not SQLite, or without Anki's notes table): why.
  case notACollection(CollectionProblem)
  /// Reading the collection (its notes or its review log) took more SQLite steps than its size
  /// allows.
  case collectionTooComplex(String, steps: Int)
  /// The collection's review log (`revlog`) holds more rows than an import takes (the limit).
  case tooManyReviews(String, limit: Int)
  /// The collection could not be written to the temporary folder (its path and `errno`).
  case temporaryFileFailed(String, errorNumber: Int32)
  /// A zstd-compressed member was met but `libzstd.so.1` could not be loaded.
  case zstdUnavailable
  /// A zstd-compressed member is damaged: how.
  case corruptZstd(ZstdDamage)
  /// A picture could not be written to the media folder (its path and `errno`).
  case mediaWriteFailed(String, errorNumber: Int32)

  /// What went wrong and what to do, in `language`, as the clause after the package's name:
  /// without its full stop, with the names and paths it gives unescaped.
  ///
  /// ```swift
  /// AnkiPackageError.noCollection.message(in: .english)
  /// // "not an Anki package: it holds no collection.anki21b, collection.anki21 or …"
  /// ```
  public func message(in language: Language) -> String {
    language.ankiCatalogue.sentence(self)
  }

  /// Whether `errno` says the disk, or the user's quota on it, is full.
  static func isFullDisk(_ number: Int32) -> Bool {
    number == ENOSPC || number == EDQUOT
  }
}
