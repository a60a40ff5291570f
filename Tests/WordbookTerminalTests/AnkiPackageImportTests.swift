import Foundation
import Testing
import WordbookTestSupport

/// `wordbook import` of Anki packages, run as a script would.
@Suite struct AnkiPackageImportTests {
  private static let decks = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("WordbookAnkiTests/Decks")

  @Test func importsPicturesIntoTheMediaFolderAndListsThem() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let db = ["--db", process.databasePath]
    let deck = Self.decks.appendingPathComponent("pictures.apkg").path
    let imported = try await process.run(db + ["import", deck, "--book", "Colours"])
    #expect(imported.status == 0)
    #expect(
      imported.output.contains(
        "(apkg, collection.anki2) into wordbook 2 (Colours): 4 added, 0 homonyms added, 0 updated"))
    #expect(imported.output.contains("Media: 2 pictures on 3 cards"))
    #expect(imported.output.contains("1 missing from the package"))
    let media = process.databasePath + ".media"
    let files = try FileManager.default.contentsOfDirectory(atPath: media).sorted()
    #expect(files.count == 2 && files.allSatisfy { $0.hasSuffix(".png") })

    let words = try await process.run(db + ["words", "Colours"])
    let lines = words.output.split(separator: "\n")
    #expect(lines.count == 4)
    let red = try #require(files.first { lines[0].hasSuffix("\t" + $0) })
    #expect(lines[1].hasSuffix("\t" + red))
    #expect(lines[3].hasSuffix("\tnot-studied\tblue\t"))

    // The same package again, by content and without --format: the pictures are stored once.
    let again = try await process.run(
      db + ["import", deck, "--book", "Colours 2", "--format", "apkg"])
    #expect(again.status == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: media).sorted() == files)
  }

  @Test func aFailedImportLeavesNoBookAndNoPictures() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let db = ["--db", process.databasePath]
    // A zip with a collection that is not SQLite, and a --format apkg on a text file.
    let bad = process.folder.appendingPathComponent("bad.apkg")
    try Data(Self.storedZip(name: "collection.anki2", content: Array("not sqlite".utf8)))
      .write(to: bad)
    let refused = try await process.run(db + ["import", bad.path, "--book", "Bad"])
    #expect(refused.status == 1)
    #expect(refused.error.contains("is not an Anki collection"))
    let text = process.folder.appendingPathComponent("words.csv")
    try Data("a,b\n".utf8).write(to: text)
    let notZip = try await process.run(
      db + ["import", text.path, "--book", "Bad", "--format", "apkg"])
    #expect(notZip.status == 1)
    #expect(notZip.error.contains("not a readable zip archive"))
    let books = try await process.run(db + ["books"])
    #expect(!books.output.contains("Bad"))
    #expect(!FileManager.default.fileExists(atPath: process.databasePath + ".media"))
  }

  @Test(Self.needsPython)
  func aCollectionWhoseNotesAreAVirtualTableIsRefusedAtOnce() async throws {
    // Issue 25's package: notes is an FTS5 table whose content is a recursive view. Without
    // a bound it ran forever and filled the temporary folder; with this one it made 100,000
    // cards of 800 bytes.
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let package = try await Self.package(
      "endless",
      sql: """
        CREATE VIEW v AS WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL
          SELECT x + 1 FROM r WHERE x < 100000) SELECT x AS id, 'w' AS flds FROM r;
        CREATE VIRTUAL TABLE notes USING fts5(id, flds, content='v', content_rowid='id');
        """, in: process)
    let temporary = process.folder.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    // Refused with its reason: before, the import ran until the 30 s limit of `run` killed it.
    let refused = try await process.run(
      ["--db", process.databasePath, "import", package, "--book", "Endless"],
      environment: ["TMPDIR": temporary.path])
    #expect(refused.status == 1)
    #expect(refused.error.contains("\"notes\" is not an ordinary table"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
  }

  @Test(Self.needsPython)
  func theReviewLogBecomesTheNewWordsReviews() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    // 2023-11-14 22:13:20 UTC and later; apple has two cards. Left out: a manual reschedule
    // (ease 0, type 4), an answer of a card the collection lacks, and one dated 2100.
    let package = try await Self.package(
      "reviews",
      sql: """
        CREATE TABLE notes (id INTEGER PRIMARY KEY, flds TEXT);
        CREATE TABLE cards (id INTEGER PRIMARY KEY, nid INTEGER);
        CREATE TABLE revlog (id INTEGER PRIMARY KEY, cid INTEGER, usn INTEGER, ease INTEGER,
          ivl INTEGER, lastIvl INTEGER, factor INTEGER, time INTEGER, type INTEGER);
        INSERT INTO notes VALUES (1, 'apple' || char(31) || 'fruit'),
          (2, 'book' || char(31) || 'read');
        INSERT INTO cards VALUES (10, 1), (11, 1), (20, 2);
        INSERT INTO revlog VALUES (1700000000000, 10, 0, 3, 0, 0, 0, 4000, 0),
          (1700000600000, 11, 0, 3, 0, 0, 0, 4000, 0),
          (1700086400000, 10, 0, 1, 1, 0, 2500, 4000, 1),
          (1700090000000, 20, 0, 0, 5, 0, 2500, 0, 4),
          (1700090001000, 99, 0, 3, 1, 0, 2500, 4000, 1),
          (4102444800000, 20, 0, 3, 1, 0, 2500, 4000, 1);
        """, in: process)
    let db = ["--db", process.databasePath]
    let imported = try await process.run(db + ["import", package, "--book", "Deck"])
    #expect(imported.status == 0)
    #expect(
      imported.output.contains(
        "Reviews: 3 imported, 1 of notes not imported skipped, "
          + "1 dated before 2006 or in the future skipped."))
    // Apple's good, good at its second card, then again a day later: a lapse, relearning.
    let schedule = try await process.run(db + ["schedule", "Deck", "--all"]).output
    let lines = schedule.split(separator: "\n").map {
      $0.split(separator: "\t", omittingEmptySubsequences: false)
    }
    try #require(lines.allSatisfy { $0.count == 8 }, "\(schedule)")
    #expect(
      lines.map { [$0[1], $0[2], $0[6], $0[7]] } == [
        ["apple", "relearning", "3", "1"], ["book", "new", "0", "0"],
      ])

    // Again into the same book: the notes are duplicates, and their answers are not imported
    // a second time.
    let again = try await process.run(db + ["import", package, "--book", "Deck"])
    #expect(again.status == 0)
    #expect(again.output.contains("Reviews: 0 imported, 4 of notes not imported skipped"))
    #expect(try await process.run(db + ["schedule", "Deck", "--all"]).output == schedule)
  }

  @Test(Self.needsPython)
  func aReviewLogThatCannotBeReadUndoesTheImport() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let package = try await Self.package("hostile", sql: Self.multipliedLog, in: process)
    let db = ["--db", process.databasePath]
    #expect(try await process.run(db + ["new-book", "Fruit"]).status == 0)
    for book in ["Fruit", "Hostile"] {
      let refused = try await process.run(db + ["import", package, "--book", book])
      #expect(refused.status == 1)
      #expect(refused.error.contains("SQLite steps, far more than a collection of its size needs"))
    }
    // The book made by the import is gone; the other one is as it was, empty.
    let books = try await process.run(db + ["books"]).output
    #expect(!books.contains("Hostile"))
    #expect(try await process.run(db + ["words", "Fruit"]).output.isEmpty)
  }

  /// The condition of the tests that make their packages with ``package(_:sql:in:)``.
  static let needsPython = ConditionTrait.enabled(
    if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"),
    "makes its package with python3's sqlite3 and zipfile")

  /// A collection whose 2,500 answers of one note are 5,000,000, since 2,000 cards share their
  /// card's ID: reading them passes the step budget, after the words are saved.
  static let multipliedLog = """
    CREATE TABLE notes (id INTEGER PRIMARY KEY, flds TEXT);
    CREATE TABLE cards (id INTEGER, nid INTEGER);
    CREATE TABLE revlog (id INTEGER PRIMARY KEY, cid INTEGER, ease INTEGER, type INTEGER);
    INSERT INTO notes VALUES (1, 'apple' || char(31) || 'fruit');
    WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r WHERE x < 2000)
    INSERT INTO cards SELECT 10, 1 FROM r;
    WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r WHERE x < 2500)
    INSERT INTO revlog SELECT 1700000000000 + x * 1000, 10, 3, 1 FROM r;
    """

  /// An Anki package at `name.apkg` in the test's folder, its collection made by `sql` with
  /// python3's sqlite3 and zipped with its zipfile.
  static func package(_ name: String, sql: String, in process: WordbookProcess) async throws
    -> String
  {
    let package = process.folder.appendingPathComponent("\(name).apkg")
    let script = """
      import sqlite3, sys, zipfile
      path = sys.argv[1] + ".sqlite"
      c = sqlite3.connect(path)
      c.executescript(sys.argv[2])
      c.close()
      with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
          z.write(path, "collection.anki2")
          z.writestr("media", "{}")
      """
    let python = try await SpawnedCommand.run(["/usr/bin/python3", "-c", script, package.path, sql])
    try #require(python.status == 0, "\(python.error)")
    return package.path
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
