import Testing
import Wordbook
import WordbookSQLite

/// The review log in the file: it survives reopening, follows its words out by cascade, and an
/// older file gains it without losing anything.
@Suite struct SQLiteWordServiceReviewsTests {
  let folder: TemporaryFolder
  let path: String
  private let start = Timestamp(secondsSince1970: 1_780_000_000)

  init() throws {
    folder = try TemporaryFolder()
    path = folder.file("wordbook.sqlite")
  }

  @Test func theLogAndTheSettingsSurviveReopening() async throws {
    let settings = try ReviewSettings(
      scheduler: SchedulerSettings(desiredRetention: 0.85, isFuzzEnabled: false),
      newWordsPerDay: 7)
    let (bookID, wordID, state): (WordBook.ID, Word.ID, MemoryState)
    do {
      let service = try SQLiteWordService(path: path)
      try await service.setReviewSettings(settings)
      let book = try await service.createBook(title: "Book")
      wordID = try await service.saveWord(WordDraft(term: "물", meaning: "water"), to: book.id).id
      _ = try await service.recordReview(Review(rating: .easy, time: start), of: wordID)
      state = try await service.recordReview(
        Review(rating: .good, time: start.advanced(by: 9 * 86_400)), of: wordID)
      bookID = book.id
    }
    let service = try SQLiteWordService(path: path)
    #expect(try await service.reviewSettings() == settings)
    #expect(try await service.fetchReviews(of: wordID).count == 2)
    #expect(try await service.fetchSchedule(in: bookID, dueBy: nil).map(\.memory) == [state])
  }

  @Test func deletingAWordOrItsBookDeletesItsReviews() async throws {
    let service = try SQLiteWordService(path: path)
    let book = try await service.createBook(title: "Book")
    let kept = try await service.createBook(title: "Kept")
    var words: [Word.ID] = []
    for bookID in [book.id, book.id, kept.id] {
      let word = try await service.saveWord(WordDraft(term: "t", meaning: "m"), to: bookID)
      _ = try await service.recordReview(Review(rating: .again, time: start), of: word.id)
      words.append(word.id)
    }
    let raw = try RawDatabase(path: path)
    try await service.deleteWord(words[0])
    #expect(try raw.text("SELECT count(*) FROM reviews") == "2")
    #expect(try raw.text("SELECT count(*) FROM memory_states") == "2")
    try await service.deleteBook(book.id)
    #expect(try raw.text("SELECT group_concat(word_id) FROM reviews") == "\(words[2])")
    #expect(try raw.text("SELECT group_concat(word_id) FROM memory_states") == "\(words[2])")
  }

  @Test func aFourthVersionDatabaseGainsTheLogAndKeepsItsWords() async throws {
    let raw = try RawDatabase(path: path)
    try raw.execute(
      "PRAGMA application_id = \(0x5742_4B31); PRAGMA user_version = 4; "
        + Schema.migrations.prefix(4).joined().joined(separator: ";\n") + ";"
        + "INSERT INTO books (title, title_key) VALUES ('Book', 'book');"
        + "INSERT INTO words (book_id, term, meaning) VALUES (1, '사랑', 'love')")
    let service = try SQLiteWordService(path: path)
    let schedule = try await service.fetchSchedule(in: WordBook.ID(1), dueBy: nil)
    #expect(schedule.map(\.word.term) == ["사랑"])
    #expect(schedule.map(\.memory) == [.new])
    let state = try await service.recordReview(
      Review(rating: .good, time: start), of: schedule[0].word.id)
    #expect(state.reviewCount == 1)
    #expect(try raw.text("PRAGMA user_version") == String(Schema.migrations.count))
    #expect(try raw.text("PRAGMA integrity_check") == "ok")
  }

  /// A rating's review and its mark are one write: when the mark cannot be stored, neither is
  /// the review, nor the memory state it gives.
  @Test func aRatingWhoseMarkFailsLeavesNoReview() async throws {
    let service = try SQLiteWordService(path: path)
    let book = try await service.createBook(title: "Book")
    let word = try await service.saveWord(WordDraft(term: "물", meaning: "water"), to: book.id)
    let raw = try RawDatabase(path: path)
    try raw.execute(
      "CREATE TRIGGER refuse_marks BEFORE UPDATE OF study_state ON words "
        + "BEGIN SELECT RAISE(ABORT, 'refused by the test'); END")
    await #expect(throws: WordServiceError.self) {
      try await service.recordReview(Review(rating: .good, time: start), of: word.id)
    }
    #expect(try raw.text("SELECT count(*) FROM reviews") == "0")
    #expect(try raw.text("SELECT count(*) FROM memory_states") == "0")
    try raw.execute("DROP TRIGGER refuse_marks")
    _ = try await service.recordReview(Review(rating: .good, time: start), of: word.id)
    #expect(try raw.text("SELECT count(*) FROM reviews") == "1")
    #expect(try raw.text("SELECT study_state FROM words") == "1")
  }

  @Test func unreadableStoredSettingsAreReportedAsCorrupted() async throws {
    let service = try SQLiteWordService(path: path)
    try RawDatabase(path: path).execute(
      "INSERT INTO settings (key, value) VALUES ('review_settings', '{\"newWordsPerDay\": -1}')")
    let error = await #expect(throws: WordServiceError.self) {
      try await service.reviewSettings()
    }
    #expect(error?.kind == .corrupted)
  }
}
