import Foundation
import Testing

/// `wordbook import` of Anki packages, run as a script would.
@Suite struct AnkiPackageImportTests {
  private static let decks = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("WordbookAnkiTests/Decks")

  @Test func importsPicturesIntoTheMediaFolderAndListsThem() throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let db = ["--db", process.databasePath]
    let deck = Self.decks.appendingPathComponent("pictures.apkg").path
    let imported = try process.run(db + ["import", deck, "--book", "Colours"])
    #expect(imported.status == 0)
    #expect(
      imported.output.contains(
        "(apkg, collection.anki2) into wordbook 2 (Colours): 4 added, 0 homonyms added, 0 updated"))
    #expect(imported.output.contains("Media: 2 pictures on 3 cards"))
    #expect(imported.output.contains("1 missing from the package"))
    let media = process.databasePath + ".media"
    let files = try FileManager.default.contentsOfDirectory(atPath: media).sorted()
    #expect(files.count == 2 && files.allSatisfy { $0.hasSuffix(".png") })

    let words = try process.run(db + ["words", "Colours"])
    let lines = words.output.split(separator: "\n")
    #expect(lines.count == 4)
    let red = try #require(files.first { lines[0].hasSuffix("\t" + $0) })
    #expect(lines[1].hasSuffix("\t" + red))
    #expect(lines[3].hasSuffix("\tnot-studied\tblue\t"))

    // The same package again, by content and without --format: the pictures are stored once.
    let again = try process.run(db + ["import", deck, "--book", "Colours 2", "--format", "apkg"])
    #expect(again.status == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: media).sorted() == files)
  }

  @Test func aFailedImportLeavesNoBookAndNoPictures() throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let db = ["--db", process.databasePath]
    // A zip with a collection that is not SQLite, and a --format apkg on a text file.
    let bad = process.folder.appendingPathComponent("bad.apkg")
    try Data(Self.storedZip(name: "collection.anki2", content: Array("not sqlite".utf8)))
      .write(to: bad)
    let refused = try process.run(db + ["import", bad.path, "--book", "Bad"])
    #expect(refused.status == 1)
    #expect(refused.error.contains("is not an Anki collection"))
    let text = process.folder.appendingPathComponent("words.csv")
    try Data("a,b\n".utf8).write(to: text)
    let notZip = try process.run(db + ["import", text.path, "--book", "Bad", "--format", "apkg"])
    #expect(notZip.status == 1)
    #expect(notZip.error.contains("not a readable zip archive"))
    let books = try process.run(db + ["books"])
    #expect(!books.output.contains("Bad"))
    #expect(!FileManager.default.fileExists(atPath: process.databasePath + ".media"))
  }

  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"),
      "makes its package with python3's sqlite3 and zipfile"))
  func aCollectionWhoseNotesAreAVirtualTableIsRefusedAtOnce() throws {
    // Issue 25's package: notes is an FTS5 table whose content is a recursive view. Without
    // a bound it ran forever and filled the temporary folder; with this one it made 100,000
    // cards of 800 bytes.
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let package = process.folder.appendingPathComponent("endless.apkg")
    let script = """
      import sqlite3, sys, zipfile
      path = sys.argv[1] + ".sqlite"
      c = sqlite3.connect(path)
      c.executescript("CREATE VIEW v AS WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL "
          "SELECT x + 1 FROM r WHERE x < 100000) SELECT x AS id, 'w' AS flds FROM r; "
          "CREATE VIRTUAL TABLE notes USING fts5(id, flds, content='v', content_rowid='id');")
      c.close()
      with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
          z.write(path, "collection.anki2")
          z.writestr("media", "{}")
      """
    let python = Process()
    python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    python.arguments = ["-c", script, package.path]
    try python.run()
    python.waitUntilExit()
    try #require(python.terminationStatus == 0)
    let temporary = process.folder.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    // Refused with its reason: before, the import ran until the 30 s limit of `run` killed it.
    let refused = try process.run(
      ["--db", process.databasePath, "import", package.path, "--book", "Endless"],
      environment: ["TMPDIR": temporary.path])
    #expect(refused.status == 1)
    #expect(refused.error.contains("\"notes\" is not an ordinary table"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
  }

  /// A zip archive with one stored member.
  private static func storedZip(name: String, content: [UInt8]) -> [UInt8] {
    func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    func le32(_ value: Int) -> [UInt8] { le16(value & 0xFFFF) + le16(value >> 16) }
    // The CRC must match for the reader to reach the collection; zlib is not linked here.
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in content {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? crc >> 1 ^ 0xEDB8_8320 : crc >> 1 }
    }
    let checksum = Int(~crc)
    let nameBytes = Array(name.utf8)
    let local =
      le32(0x0403_4b50) + le16(20) + le16(0) + le16(0) + le16(0) + le16(0) + le32(checksum)
      + le32(content.count) + le32(content.count) + le16(nameBytes.count) + le16(0) + nameBytes
      + content
    let central =
      le32(0x0201_4b50) + le16(20) + le16(20) + le16(0) + le16(0) + le16(0) + le16(0)
      + le32(checksum) + le32(content.count) + le32(content.count) + le16(nameBytes.count)
      + le16(0) + le16(0) + le16(0) + le16(0) + le32(0) + le32(0) + nameBytes
    let end =
      le32(0x0605_4b50) + le16(0) + le16(0) + le16(1) + le16(1) + le32(central.count)
      + le32(local.count) + le16(0)
    return local + central + end
  }
}
