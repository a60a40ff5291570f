#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
  /// Where the collection is unpacked while it is read: a new private folder is made inside.
  public let temporaryFolder: String

  /// A package over an archive already opened.
  ///
  /// - Parameters:
  ///   - archive: The package's zip archive.
  ///   - temporaryFolder: Where the collection is unpacked while it is read (the folder made
  ///     inside it is removed afterwards); `TMPDIR`, else `/tmp`, unless given.
  public init(archive: ZipArchive, temporaryFolder: String? = nil) {
    self.archive = archive
    self.temporaryFolder = temporaryFolder ?? Self.defaultTemporaryFolder
  }

  /// `TMPDIR` when set, else `/tmp`.
  private static var defaultTemporaryFolder: String {
    guard let value = getenv("TMPDIR"), value.pointee != 0 else { return "/tmp" }
    let path = String(cString: value)
    return path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
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
  ///   damaged, the collection is not Anki's, or reading it would pass the package's limits.
  public func noteFields() throws(AnkiPackageError) -> [String] {
    try notes(budget: ExpansionBudget(limit: archive.allowedExpansion)).map(\.fields)
  }

  /// The notes' IDs and fields, the collection's expansion spent from `budget`.
  func notes(budget: ExpansionBudget, stepBudget: Int? = nil) throws(AnkiPackageError)
    -> [(id: Int64, fields: String)]
  {
    let (file, name) = try unpackCollection(budget: budget)
    defer { file.remove() }
    return try AnkiCollection.notes(of: file, name: name, stepBudget: stepBudget)
  }

  /// The collection written out to a temporary file, which the caller removes, and its member's
  /// name; its expansion is spent from `budget`.
  ///
  /// The collection is streamed from the zip member, through zstd when it is compressed, to a
  /// temporary file that SQLite reads; the file removes itself when it is released, as it is
  /// when unpacking fails.
  func unpackCollection(budget: ExpansionBudget) throws(AnkiPackageError)
    -> (file: CollectionFile, name: String)
  {
    let entry = try collectionEntry()
    let file = try CollectionFile(inside: temporaryFolder)
    var decoder: ZstandardDecoder?
    var isFirstPiece = true
    try archive.stream(entry, budget: budget) { piece throws(AnkiPackageError) in
      if isFirstPiece {
        isFirstPiece = false
        // The first piece holds the magic number unless the member is too short to be a
        // collection at all, which SQLite then refuses.
        if entry.name.hasSuffix(".anki21b") || Zstandard.isCompressed(piece) {
          // The same ratio limit as a zip member, on top of the package's budget.
          decoder = try ZstandardDecoder(
            name: entry.name,
            limit: archive.limits.allowedSize(compressedSize: entry.uncompressedSize),
            budget: budget)
        }
      }
      if let decoder {
        try decoder.decode(piece, into: file.append)
      } else {
        try file.append(piece)
      }
    }
    try decoder?.finish()
    try file.finish()
    return (file, entry.name)
  }

  /// The media map, or ``AnkiMediaMap/empty`` when the package has none.
  func mediaMap(budget: ExpansionBudget) throws(AnkiPackageError) -> AnkiMediaMap {
    guard let entry = archive.entry(named: "media") else { return .empty }
    return AnkiMediaMap(bytes: try archive.contents(of: entry, budget: budget))
  }
}
