import CSQLite
import Foundation
import Testing
import Wordbook
import WordbookTestSupport

@testable import WordbookAnki

/// Real packages made by genanki (`Decks/make-decks.py`), and damaged ones made here.
@Suite struct AnkiPackageTests {
  static let decks = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Decks")
  static let zstdPath = ["/usr/bin/zstd", "/bin/zstd", "/usr/local/bin/zstd"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }
  static let canMakeAnki21b = Zstandard.isAvailable && zstdPath != nil

  /// A media folder in a fresh temporary folder, and that folder.
  static func temporaryMedia() throws -> (MediaFolder, URL) {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("AnkiPackageTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return (
      MediaFolder.beside(databasePath: folder.appendingPathComponent("words.db").path), folder
    )
  }

  static func deck(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: decks.appendingPathComponent("\(name).apkg")))
  }

  static func plan(_ bytes: [UInt8], media: MediaFolder) throws -> AnkiImportPlan {
    try AnkiPackage(archive: ZipArchive(bytes: bytes)).importPlan(storingPicturesIn: media)
  }

  @Test func importsABasicDeck() throws {
    let (media, folder) = try Self.temporaryMedia()
    defer { try? FileManager.default.removeItem(at: folder) }
    let plan = try Self.plan(try Self.deck("basic"), media: media)
    #expect(plan.collection == "collection.anki2")
    #expect(
      plan.drafts == [
        WordDraft(term: "apple", meaning: "사과"), WordDraft(term: "book", meaning: "책"),
        WordDraft(term: "cat", meaning: "고양이"),
      ])
    #expect(plan.problems.isEmpty)
    #expect(plan.media == AnkiMediaSummary())
    #expect(!FileManager.default.fileExists(atPath: media.path))
  }

  @Test func importsKoreanHomonymsAsSeparateNotes() throws {
    let (media, folder) = try Self.temporaryMedia()
    defer { try? FileManager.default.removeItem(at: folder) }
    let plan = try Self.plan(try Self.deck("korean"), media: media)
    #expect(plan.drafts.map(\.term) == ["만", "만", "안녕하세요", "사랑"])
    #expect(plan.drafts.map(\.meaning) == ["only", "ten thousand", "hello", "love"])
  }

  @Test func storesEachPictureOnceByContent() throws {
    let (media, folder) = try Self.temporaryMedia()
    defer { try? FileManager.default.removeItem(at: folder) }
    let plan = try Self.plan(try Self.deck("pictures"), media: media)
    #expect(plan.drafts.map(\.term) == ["red", "crimson", "green", "blue"])
    let images = plan.drafts.map(\.imageReference)
    let red = try #require(images[0])
    #expect(images[1] == red)
    #expect(images[2] != nil && images[2] != red)
    #expect(images[3] == nil)
    #expect(red.hasSuffix(".png") && red.count == 20)
    #expect(plan.drafts[0].meaning == "a colour")
    #expect(plan.media.cardsWithPictures == 3)
    #expect(plan.media.pictures == 2)
    #expect(plan.media.missing == 1)
    #expect(plan.media.skippedOther == 1)
    #expect(media.newFileCount == 2)
    // Staged under hidden names until commit.
    #expect(!FileManager.default.fileExists(atPath: "\(media.path)/\(red)"))
    try media.commit()
    let stored = try FileManager.default.contentsOfDirectory(atPath: media.path).sorted()
    #expect(stored == [red, try #require(images[2])].sorted())
    let bytes = try Data(contentsOf: URL(fileURLWithPath: "\(media.path)/\(red)"))
    #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
  }

  @Test func discardLeavesNoTrace() throws {
    let (media, folder) = try Self.temporaryMedia()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try Self.plan(try Self.deck("pictures"), media: media)
    media.discard()
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test func countsAndSkipsSounds() throws {
    let (media, folder) = try Self.temporaryMedia()
    defer { try? FileManager.default.removeItem(at: folder) }
    let plan = try Self.plan(try Self.deck("sounds"), media: media)
    #expect(plan.drafts == [WordDraft(term: "dog", meaning: "개")])
    #expect(plan.problems == [AnkiNoteProblem(note: 2, reason: .emptyTerm)])
    #expect(plan.media.skippedSounds == 2)
    #expect(plan.media.pictures == 0)
  }

  @Test func dropsScriptsAndStylesFromHTML() throws {
    let (media, folder) = try Self.temporaryMedia()
    defer { try? FileManager.default.removeItem(at: folder) }
    let plan = try Self.plan(try Self.deck("html"), media: media)
    #expect(
      plan.drafts == [
        WordDraft(term: "bold term", meaning: "line\nbreak & entity"),
        WordDraft(term: "plain", meaning: "kept"),
      ])
  }

  @Test func countsMediaTheMapNamesWithoutAFile() throws {
    let (media, folder) = try Self.temporaryMedia()
    defer { try? FileManager.default.removeItem(at: folder) }
    let basic = try ZipArchive(bytes: try Self.deck("basic"))
    var zip = ZipBuilder()
    zip.add(
      "collection.anki2",
      try basic.contents(of: try #require(basic.entry(named: "collection.anki2"))))
    zip.add("media", Array(#"{"9": "ghost.png", "8": "ghost.mp3"}"#.utf8))
    let plan = try Self.plan(zip.bytes(), media: media)
    #expect(plan.drafts.count == 3)
    #expect(plan.media.missing == 2)
  }

  @Test func reportsAMediaMapThatIsNotJSONAsUnsupported() throws {
    let (media, folder) = try Self.temporaryMedia()
    defer { try? FileManager.default.removeItem(at: folder) }
    let pictures = try ZipArchive(bytes: try Self.deck("pictures"))
    var zip = ZipBuilder()
    for entry in pictures.entries where entry.name != "media" {
      zip.add(entry.name, try pictures.contents(of: entry))
    }
    zip.add("media", [0x28, 0xB5, 0x2F, 0xFD, 1, 2, 3])
    let plan = try Self.plan(zip.bytes(), media: media)
    #expect(plan.drafts.count == 4)
    #expect(!plan.media.isSupported)
    #expect(plan.drafts.allSatisfy { $0.imageReference == nil })
  }

  @Test func refusesAPackageWithoutACollection() throws {
    let (media, folder) = try Self.temporaryMedia()
    defer { try? FileManager.default.removeItem(at: folder) }
    var zip = ZipBuilder()
    zip.add("media", Array("{}".utf8))
    #expect(throws: AnkiPackageError.noCollection) { try Self.plan(zip.bytes(), media: media) }
  }

  @Test func refusesACollectionThatIsNotAnki() throws {
    let (media, folder) = try Self.temporaryMedia()
    defer { try? FileManager.default.removeItem(at: folder) }
    var text = ZipBuilder()
    text.add("collection.anki21", Array("just some text, not SQLite".utf8))
    #expect(throws: AnkiPackageError.notACollection(.notSQLite("collection.anki21"))) {
      try Self.plan(text.bytes(), media: media)
    }
    var other = ZipBuilder()
    other.add("collection.anki2", try Self.sqliteDatabase(folder: folder))
    #expect(throws: AnkiPackageError.notACollection(.noNotesTable("collection.anki2"))) {
      try Self.plan(other.bytes(), media: media)
    }
  }

  @Test(
    .enabled(if: canMakeAnki21b, "needs libzstd.so.1 and the zstd command (apt-get install zstd)"))
  func prefersAZstdCompressedAnki21bCollection() async throws {
    let (media, folder) = try Self.temporaryMedia()
    defer { try? FileManager.default.removeItem(at: folder) }
    let korean = try ZipArchive(bytes: try Self.deck("korean"))
    let basic = try ZipArchive(bytes: try Self.deck("basic"))
    let collection = folder.appendingPathComponent("collection")
    try Data(try korean.contents(of: try #require(korean.entry(named: "collection.anki2"))))
      .write(to: collection)
    let zstd = try await SpawnedCommand.run([
      try #require(Self.zstdPath), "-q", "-19", collection.path,
    ])
    try #require(zstd.status == 0, "\(zstd.error)")
    var zip = ZipBuilder()
    // As a new Anki writes it: the real deck in anki21b, a stand-in deck in anki2.
    zip.add(
      "collection.anki2",
      try basic.contents(of: try #require(basic.entry(named: "collection.anki2"))))
    zip.add(
      "collection.anki21b", Array(try Data(contentsOf: collection.appendingPathExtension("zst"))))
    zip.add("media", Array("{}".utf8))
    let plan = try Self.plan(zip.bytes(), media: media)
    #expect(plan.collection == "collection.anki21b")
    #expect(plan.drafts.map(\.term) == ["만", "만", "안녕하세요", "사랑"])

    var damaged = ZipBuilder()
    damaged.add("collection.anki21b", [0x28, 0xB5, 0x2F, 0xFD, 0, 0, 0])
    #expect(throws: AnkiPackageError.self) { try Self.plan(damaged.bytes(), media: media) }
  }

  /// An SQLite database that is not an Anki collection.
  static func sqliteDatabase(folder: URL) throws -> [UInt8] {
    let path = folder.appendingPathComponent("other.sqlite").path
    var database: OpaquePointer?
    try #require(sqlite3_open(path, &database) == SQLITE_OK)
    try #require(
      sqlite3_exec(database, "CREATE TABLE fruit (name TEXT)", nil, nil, nil) == SQLITE_OK)
    sqlite3_close(database)
    return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
  }
}
