import Foundation
import Testing
import Wordbook

@testable import WordbookAnki

/// Review logs (`revlog`) of collections made here, imported through an in-memory service.
@Suite struct AnkiReviewLogTests {
  static let tables = """
    CREATE TABLE notes (id INTEGER PRIMARY KEY, flds TEXT);
    CREATE TABLE cards (id INTEGER PRIMARY KEY, nid INTEGER NOT NULL);
    CREATE TABLE revlog (id INTEGER PRIMARY KEY, cid INTEGER NOT NULL, usn INTEGER NOT NULL,
      ease INTEGER NOT NULL, ivl INTEGER NOT NULL, lastIvl INTEGER NOT NULL,
      factor INTEGER NOT NULL, time INTEGER NOT NULL, type INTEGER NOT NULL);
    """
  /// 2023-11-14 22:13:20 UTC, in milliseconds.
  static let start: Int64 = 1_700_000_000_000
  /// A time after every answer of the collections here.
  static let now = Timestamp(secondsSince1970: 1_800_000_000)

  /// A `revlog` row: an answer of the card `card` at `start` plus `seconds`.
  static func answer(_ seconds: Int64, card: Int, ease: Int, type: Int) -> String {
    "(\(start + seconds * 1000), \(card), 0, \(ease), 1, 0, 2500, 4000, \(type))"
  }

  /// `apple` has two cards, `book` one; the third note has no term and is rejected.
  static let notes = """
    INSERT INTO notes VALUES (1, 'apple' || char(31) || 'fruit'),
      (2, 'book' || char(31) || 'read'), (3, char(31) || 'no term');
    INSERT INTO cards VALUES (10, 1), (11, 1), (20, 2), (30, 3);
    """

  /// The package's words imported into a new book of `service`, and the log of their answers.
  static func importReviews(
    of package: AnkiPackage, into service: InMemoryWordService, media: MediaFolder
  ) async throws -> (book: WordBook.ID, words: [Word], skipped: AnkiReviewSummary, count: Int) {
    let plan = try package.importPlan(storingPicturesIn: media)
    let log = try package.reviewLog()
    defer { log.close() }
    let summary = try await service.importWords(
      plan.drafts, intoBookTitled: "Deck", onDuplicate: .skip
    ) { _ in }
    let words = try await service.fetchWords(in: summary.book.id)
    let noteWords = AnkiPackage.noteWords(of: plan, added: words)
    let count = try await service.importReviews { write throws(WordServiceError) in
      try log.readReviews(of: noteWords, now: now, into: write)
    }
    return (summary.book.id, words, log.skipped, count)
  }

  @Test func answersBecomeTheReviewsOfTheirNotesWordsInTimeOrder() async throws {
    let (media, folder) = try AnkiPackageTests.temporaryMedia()
    defer { try? FileManager.default.removeItem(at: folder) }
    let answers = [
      Self.answer(0, card: 10, ease: 3, type: 0), Self.answer(60, card: 11, ease: 1, type: 0),
      Self.answer(61, card: 10, ease: 4, type: 1), Self.answer(86_400, card: 20, ease: 2, type: 1),
      // A manual reschedule and a rescheduling are not answers.
      Self.answer(90_000, card: 20, ease: 0, type: 4),
      Self.answer(90_001, card: 20, ease: 3, type: 5),
      // The answers of a rejected note and of a card the collection lacks.
      Self.answer(90_002, card: 30, ease: 3, type: 1),
      Self.answer(90_003, card: 99, ease: 3, type: 1),
      // Before Anki, and in 2100.
      "(1000000000000, 10, 0, 3, 1, 0, 2500, 4000, 1)",
      "(4102444800000, 20, 0, 3, 1, 0, 2500, 4000, 1)",
    ]
    let collection = try AnkiCollectionTests.collection(
      Self.tables + Self.notes + "INSERT INTO revlog VALUES \(answers.joined(separator: ", "));",
      folder: folder)
    let package = try AnkiCollectionTests.package(collection, folder: folder)
    let service = InMemoryWordService()
    let (bookID, words, skipped, count) = try await Self.importReviews(
      of: package, into: service, media: media)
    #expect(words.map(\.term) == ["apple", "book"])
    #expect(count == 4)
    #expect(skipped == AnkiReviewSummary(ofNotesNotImported: 2, withImpossibleTimes: 2))
    let time = { (seconds: Int64) in Timestamp(secondsSince1970: Self.start / 1000 + seconds) }
    let apple = try await service.fetchReviews(of: words[0].id)
    #expect(
      apple == [
        Review(rating: .good, time: time(0)), Review(rating: .again, time: time(60)),
        Review(rating: .easy, time: time(61)),
      ])
    let book = try await service.fetchReviews(of: words[1].id)
    #expect(book == [Review(rating: .hard, time: time(86_400))])
    // The states are the logs replayed.
    let scheduler = ReviewScheduler(settings: try await service.reviewSettings().scheduler)
    let schedule = try await service.fetchSchedule(in: bookID, dueBy: nil)
    #expect(
      schedule.map(\.memory) == [
        WordMemory.replaying(apple, of: words[0].id, with: scheduler).state,
        WordMemory.replaying(book, of: words[1].id, with: scheduler).state,
      ])
    #expect(schedule.map(\.memory.reviewCount) == [3, 1])
    #expect(try Self.unpackedFiles(of: package).isEmpty)
  }

  @Test func aLogOfMoreRowsThanTheBoundIsRefusedWhenOpened() throws {
    let (_, folder) = try AnkiPackageTests.temporaryMedia()
    defer { try? FileManager.default.removeItem(at: folder) }
    let answers = (0..<4).map { Self.answer(Int64($0), card: 10, ease: 3, type: 1) }
    let collection = try AnkiCollectionTests.collection(
      Self.tables + Self.notes + "INSERT INTO revlog VALUES \(answers.joined(separator: ", "));",
      folder: folder)
    let package = try AnkiCollectionTests.package(collection, folder: folder)
    #expect(throws: AnkiPackageError.tooManyReviews("collection.anki2", limit: 3)) {
      try package.reviewLog(maximumAnswers: 3)
    }
    #expect(try Self.unpackedFiles(of: package).isEmpty)
  }

  @Test func cardsSharingAnIDCannotMultiplyTheAnswersPastTheBound() throws {
    let (_, folder) = try AnkiPackageTests.temporaryMedia()
    defer { try? FileManager.default.removeItem(at: folder) }
    // Two rows in the log, but each matches 1,000 cards: 2,000 answers.
    let collection = try AnkiCollectionTests.collection(
      """
      CREATE TABLE notes (id INTEGER PRIMARY KEY, flds TEXT);
      CREATE TABLE cards (id INTEGER, nid INTEGER);
      CREATE TABLE revlog (id INTEGER PRIMARY KEY, cid, ease, type);
      INSERT INTO notes VALUES (1, 'apple' || char(31) || 'fruit');
      WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r WHERE x < 1000)
      INSERT INTO cards SELECT 10, 1 FROM r;
      INSERT INTO revlog VALUES (\(Self.start), 10, 3, 1), (\(Self.start + 1000), 10, 3, 1);
      """, folder: folder)
    let package = try AnkiCollectionTests.package(collection, folder: folder)
    let log = try package.reviewLog(maximumAnswers: 100)
    defer { log.close() }
    var written = 0
    let refusal = AnkiPackageError.tooManyReviews("collection.anki2", limit: 100)
    #expect(throws: WordServiceError(.invalidInput, reason: .reviewHistoryUnreadable)) {
      try log.readReviews(of: [1: Word.ID(1)], now: Self.now) { batch in written += batch.count }
    }
    #expect(written == 0)
    #expect(log.failure == refusal)
  }

  @Test func readingStopsPastTheStepBudget() throws {
    let (_, folder) = try AnkiPackageTests.temporaryMedia()
    defer { try? FileManager.default.removeItem(at: folder) }
    let collection = try AnkiCollectionTests.collection(
      Self.tables + Self.notes + """
        WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r WHERE x < 10000)
        INSERT INTO revlog SELECT \(Self.start) + x * 1000, 10, 0, 3, 1, 0, 2500, 4000, 1 FROM r;
        """, folder: folder)
    let package = try AnkiCollectionTests.package(collection, folder: folder)
    let log = try package.reviewLog(maximumAnswers: 100_000, stepBudget: 20_000)
    defer { log.close() }
    let refusal = AnkiPackageError.collectionTooComplex("collection.anki2", steps: 20_000)
    #expect(throws: WordServiceError(.invalidInput, reason: .reviewHistoryUnreadable)) {
      try log.readReviews(of: [1: Word.ID(1)], now: Self.now) { _ in }
    }
    #expect(log.failure == refusal)
  }

  @Test func aClosedLogIsRefused() throws {
    let (_, folder) = try AnkiPackageTests.temporaryMedia()
    defer { try? FileManager.default.removeItem(at: folder) }
    let answer = "INSERT INTO revlog VALUES \(Self.answer(0, card: 10, ease: 3, type: 0));"
    let collection = try AnkiCollectionTests.collection(
      Self.tables + Self.notes + answer, folder: folder)
    let package = try AnkiCollectionTests.package(collection, folder: folder)
    let log = try package.reviewLog()
    log.close()
    var written = 0
    #expect(throws: WordServiceError(.invalidInput, reason: .reviewHistoryClosed)) {
      try log.readReviews(of: [1: Word.ID(1)], now: Self.now) { batch in written += batch.count }
    }
    #expect(written == 0)
  }

  @Test func aCollectionWithoutALogHasNoAnswers() throws {
    let (_, folder) = try AnkiPackageTests.temporaryMedia()
    defer { try? FileManager.default.removeItem(at: folder) }
    let collection = try AnkiCollectionTests.collection(
      AnkiCollectionTests.notesTable + "INSERT INTO notes VALUES (1, 'a' || char(31) || 'b');",
      folder: folder)
    let package = try AnkiCollectionTests.package(collection, folder: folder)
    let log = try package.reviewLog()
    try log.readReviews(of: [1: Word.ID(1)], now: Self.now) { _ in Issue.record("no answers") }
    log.close()
    #expect(log.skipped == AnkiReviewSummary())
    #expect(try Self.unpackedFiles(of: package).isEmpty)
  }

  @Test func notesAreMatchedWithTheWordsTheirImportAdded() {
    let drafts = [
      WordDraft(term: "a", meaning: "1"), WordDraft(term: "a", meaning: "1"),
      WordDraft(term: "b", meaning: "2"), WordDraft(term: "c", meaning: "3"),
    ]
    let plan = AnkiImportPlan(
      collection: "collection.anki2", drafts: drafts, noteIDs: [11, 12, 13, 14], problems: [],
      media: AnkiMediaSummary())
    // The second "a" was a duplicate, and "b" was in the book already.
    let added = [
      Word(id: Word.ID(5), term: "a", meaning: "1"), Word(id: Word.ID(6), term: "c", meaning: "3"),
    ]
    #expect(AnkiPackage.noteWords(of: plan, added: added) == [11: Word.ID(5), 14: Word.ID(6)])
  }

  static func unpackedFiles(of package: AnkiPackage) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: package.temporaryFolder)
  }
}
