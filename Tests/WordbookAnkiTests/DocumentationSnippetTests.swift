import Foundation
import Testing
import Wordbook
import WordbookAnki

#if canImport(Glibc)
  import Glibc
#endif

/// The examples of WordbookAnki's documentation (its DocC landing page and comments), as written
/// there, through the public API only, on the packages in `Decks`.
@Suite struct DocumentationSnippetTests {
  /// A fresh temporary folder, its database path, and the path of the deck `name`.
  static func folder(deck name: String) throws -> (folder: URL, databasePath: String, path: String)
  {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("DocumentationSnippetTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let deck = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Decks/\(name).apkg")
    return (folder, folder.appendingPathComponent("words.db").path, deck.path)
  }

  /// `WordbookAnki.md`: a package imported, its pictures kept once the words are saved.
  @Test func importingAPackage() async throws {
    let (folder, databasePath, path) = try Self.folder(deck: "pictures")
    defer { try? FileManager.default.removeItem(at: folder) }
    let service = InMemoryWordService()

    let descriptor = open(path, O_RDONLY)
    defer { close(descriptor) }
    let package = AnkiPackage(archive: try ZipArchive(fileDescriptor: descriptor))
    let media = MediaFolder.beside(databasePath: databasePath)
    let plan = try package.importPlan(storingPicturesIn: media)
    do {
      _ = try await service.importWords(plan.drafts, intoBookTitled: "Deck", onDuplicate: .skip) {
        _ in
      }
      try media.commit()
    } catch {
      media.discard()
    }
    let books = try await service.fetchBooks()
    #expect(books.map(\.title) == ["Deck"])
    #expect(books.first?.wordCount == plan.drafts.count)
    #expect(plan.media.pictures == 2)
    #expect(try FileManager.default.contentsOfDirectory(atPath: media.path).count == 2)
  }

  /// `AnkiPackage`: the pictures kept once the words are saved.
  @Test func keepingThePicturesOfASavedImport() throws {
    let (folder, databasePath, path) = try Self.folder(deck: "pictures")
    defer { try? FileManager.default.removeItem(at: folder) }
    let descriptor = open(path, O_RDONLY)
    defer { close(descriptor) }

    let package = try AnkiPackage(archive: ZipArchive(fileDescriptor: descriptor))
    let media = MediaFolder.beside(databasePath: databasePath)
    let plan = try package.importPlan(storingPicturesIn: media)
    // Save plan.drafts through a WordService, then:
    try media.commit()  // or media.discard() when saving failed
    #expect(!plan.drafts.isEmpty)
    #expect(FileManager.default.fileExists(atPath: media.path))
  }

  /// `AnkiPackageError.message(in:)`.
  @Test func wordingAnError() {
    #expect(
      AnkiPackageError.noCollection.message(in: .english)
        == "not an Anki package: it holds no collection.anki21b, collection.anki21 or "
        + "collection.anki2")
  }

  /// `ZipArchive`.
  @Test func readingAMember() throws {
    let (folder, _, path) = try Self.folder(deck: "pictures")
    defer { try? FileManager.default.removeItem(at: folder) }
    let packageBytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    var media: String?

    let archive = try ZipArchive(bytes: packageBytes)
    if let entry = archive.entry(named: "media") {
      let json = try archive.contents(of: entry)
      media = String(decoding: json, as: UTF8.self)
    }
    #expect(media?.hasPrefix("{") == true)
  }

  /// `AnkiReviewLog`: a package's answers imported as its words' reviews.
  @Test func importingAReviewLog() async throws {
    let (folder, databasePath, _) = try Self.folder(deck: "basic")
    defer { try? FileManager.default.removeItem(at: folder) }
    let collection = try AnkiCollectionTests.collection(
      AnkiReviewLogTests.tables + AnkiReviewLogTests.notes
        + "INSERT INTO revlog VALUES \(AnkiReviewLogTests.answer(0, card: 20, ease: 3, type: 0));",
      folder: folder)
    var zip = ZipBuilder()
    zip.add("collection.anki2", collection)
    let package = AnkiPackage(archive: try ZipArchive(bytes: zip.bytes()))
    let plan = try package.importPlan(
      storingPicturesIn: MediaFolder.beside(databasePath: databasePath))
    let service = InMemoryWordService()
    let summary = try await service.importWords(
      plan.drafts, intoBookTitled: "Deck", onDuplicate: .skip
    ) { _ in }
    let words = AnkiPackage.noteWords(
      of: plan, added: try await service.fetchWords(in: summary.book.id))
    let now = AnkiReviewLogTests.now

    let log = try package.reviewLog()
    defer { log.close() }
    // Save plan.drafts through a WordService and find each note's word, then:
    let count = try await service.importReviews { write throws(WordServiceError) in
      try log.readReviews(of: words, now: now, into: write)
    }
    print(log.skipped)
    #expect(count == 1)
    #expect(log.skipped == AnkiReviewSummary())
  }
}
