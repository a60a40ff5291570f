import CSQLite
import Foundation
import Testing
import Wordbook

@testable import WordbookAnki

/// Collections crafted to make reading them run forever, fill the temporary folder or import
/// far more than their size holds.
@Suite struct AnkiCollectionTests {
  /// A view that counts to 100,000: as the content of a virtual `notes` table it made 100,000
  /// cards of an 800-byte package (and without its bound, a query that never ends).
  static let countingView = """
    CREATE VIEW v AS WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r
      WHERE x < 100000) SELECT x AS id, 'word' || char(31) || 'meaning' AS flds FROM r;
    """
  static let notesTable = "CREATE TABLE notes (id INTEGER PRIMARY KEY, flds TEXT);"

  /// The bytes of a database made by `sql`.
  static func collection(_ sql: String, folder: URL) throws -> [UInt8] {
    let path = folder.appendingPathComponent("crafted-\(UUID().uuidString).sqlite").path
    var database: OpaquePointer?
    try #require(sqlite3_open(path, &database) == SQLITE_OK)
    let code = sqlite3_exec(database, sql, nil, nil, nil)
    let message = String(cString: sqlite3_errmsg(database))
    sqlite3_close(database)
    try #require(code == SQLITE_OK, "\(message)")
    defer { try? FileManager.default.removeItem(atPath: path) }
    return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// A package of `collection` as `collection.anki2`, unpacked in `folder/unpacked` when read.
  static func package(_ collection: [UInt8], folder: URL) throws -> AnkiPackage {
    var zip = ZipBuilder()
    zip.add("collection.anki2", collection)
    zip.add("media", Array("{}".utf8))
    let unpacked = folder.appendingPathComponent("unpacked")
    try FileManager.default.createDirectory(at: unpacked, withIntermediateDirectories: true)
    return AnkiPackage(archive: try ZipArchive(bytes: zip.bytes()), temporaryFolder: unpacked.path)
  }

  static func unpackedFiles(_ package: AnkiPackage) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: package.temporaryFolder)
  }

  @Test(arguments: [
    "fts5(id, flds, content='v', content_rowid='id')", "fts4(id, flds, content='v')",
  ])
  func refusesAVirtualNotesTable(module: String) throws {
    let (media, folder) = try AnkiPackageTests.temporaryMedia()
    defer { try? FileManager.default.removeItem(at: folder) }
    let collection = try Self.collection(
      Self.countingView + "CREATE VIRTUAL TABLE notes USING \(module);", folder: folder)
    let package = try Self.package(collection, folder: folder)
    // Refused before any query: reading such a table ran forever.
    #expect(
      throws: AnkiPackageError.notACollection(
        .notAnOrdinaryTable("collection.anki2", table: "notes"))
    ) { try package.importPlan(storingPicturesIn: media) }
    #expect(try Self.unpackedFiles(package).isEmpty)
  }

  @Test(arguments: [
    ("cards", "CREATE VIEW cards AS SELECT 1 AS id;"),
    ("revlog", "CREATE VIRTUAL TABLE revlog USING fts5(id);"),
    ("cards", "CREATE TABLE other (id); CREATE INDEX cards ON other (id);"),
  ])
  func refusesCardsOrRevlogThatAreNotOrdinaryTables(table: String, sql: String) throws {
    let (media, folder) = try AnkiPackageTests.temporaryMedia()
    defer { try? FileManager.default.removeItem(at: folder) }
    let collection = try Self.collection(
      Self.notesTable + "INSERT INTO notes VALUES (1, 'a' || char(31) || 'b');" + sql,
      folder: folder)
    let package = try Self.package(collection, folder: folder)
    #expect(
      throws: AnkiPackageError.notACollection(
        .notAnOrdinaryTable("collection.anki2", table: table))
    ) { try package.importPlan(storingPicturesIn: media) }
  }

  @Test func refusesFieldsThatAreComputed() throws {
    let (media, folder) = try AnkiPackageTests.temporaryMedia()
    defer { try? FileManager.default.removeItem(at: folder) }
    let collection = try Self.collection(
      "CREATE TABLE notes (id INTEGER PRIMARY KEY, flds TEXT AS (printf('%.*c', id, 'x')));"
        + "INSERT INTO notes (id) VALUES (1000000);", folder: folder)
    let package = try Self.package(collection, folder: folder)
    #expect(throws: AnkiPackageError.notACollection(.noNotesTable("collection.anki2"))) {
      try package.importPlan(storingPicturesIn: media)
    }
  }

  @Test func stopsReadingPastTheStepBudget() throws {
    let (media, folder) = try AnkiPackageTests.temporaryMedia()
    defer { try? FileManager.default.removeItem(at: folder) }
    let collection = try Self.collection(
      Self.notesTable + """
        WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r WHERE x < 10000)
        INSERT INTO notes SELECT x, 'word' || x || char(31) || 'meaning' FROM r;
        """, folder: folder)
    let package = try Self.package(collection, folder: folder)
    // The budget for its size reads an ordinary collection easily.
    let plan = try package.importPlan(storingPicturesIn: media)
    #expect(plan.drafts.count == 10_000)
    let budget = ExpansionBudget(limit: .max)
    #expect(throws: AnkiPackageError.collectionTooComplex("collection.anki2", steps: 10_000)) {
      try package.notes(budget: budget, stepBudget: 10_000)
    }
    #expect(try Self.unpackedFiles(package).isEmpty)
  }
}
