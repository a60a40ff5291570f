/// An Anki deck package (`.apkg`): a zip archive holding an SQLite collection of notes, a
/// `media` map and the media files.
///
/// ```swift
/// let package = try AnkiPackage(archive: ZipArchive(fileDescriptor: descriptor))
/// let media = MediaFolder.beside(databasePath: databasePath)
/// let plan = try package.importPlan(storingPicturesIn: media)
/// // Save plan.drafts through a WordService, then:
/// try media.commit()  // or media.discard() when saving failed
/// ```
public struct AnkiPackage: Sendable {
  /// The collections a package may hold, newest first: a package from a recent Anki holds a
  /// `collection.anki21b` and a `collection.anki2` with one note asking to update Anki, so the
  /// newest one present is the deck.
  static let collectionNames = ["collection.anki21b", "collection.anki21", "collection.anki2"]

  /// The package's zip archive.
  public let archive: ZipArchive

  /// A package over an archive already opened.
  public init(archive: ZipArchive) {
    self.archive = archive
  }

  /// Whether a file's first bytes are a zip archive's (`PK\u{3}\u{4}`), as an `.apkg` starts.
  ///
  /// - Parameter prefix: At least the file's first 4 bytes.
  public static func looksLikePackage(_ prefix: some Collection<UInt8>) -> Bool {
    prefix.starts(with: [0x50, 0x4B, 0x03, 0x04])
  }

  /// The member name of the collection that is read: the newest one present.
  ///
  /// - Throws: ``AnkiPackageError/noCollection`` when there is none.
  public func collectionEntry() throws(AnkiPackageError) -> ZipEntry {
    for name in Self.collectionNames {
      if let entry = archive.entry(named: name) { return entry }
    }
    throw .noCollection
  }

  /// The `flds` text of every note of the collection, in the order they were added.
  ///
  /// - Throws: ``AnkiPackageError`` when the archive, the collection or its compression is
  ///   damaged, or the collection is not Anki's.
  public func noteFields() throws(AnkiPackageError) -> [String] {
    let entry = try collectionEntry()
    var bytes = try archive.contents(of: entry)
    if entry.name.hasSuffix(".anki21b") || Zstandard.isCompressed(bytes) {
      // The same bomb limits as a zip member: a size cap and a ratio to the compressed bytes.
      bytes = try Zstandard.decompress(
        bytes, limit: archive.limits.allowedSize(compressedSize: bytes.count), name: entry.name)
    }
    return try AnkiCollection.noteFields(of: bytes, name: entry.name)
  }

  /// The media map, or ``AnkiMediaMap/empty`` when the package has none.
  func mediaMap() throws(AnkiPackageError) -> AnkiMediaMap {
    guard let entry = archive.entry(named: "media") else { return .empty }
    return AnkiMediaMap(bytes: try archive.contents(of: entry))
  }
}
