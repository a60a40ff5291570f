import Testing
import Wordbook
import WordbookSQLite
import WordbookTesting

/// The SQLite change feed sees commits of other connections, as another process makes them,
/// and its journal stays small.
@Suite struct SQLiteWordServiceChangesTests {
  @Test func aFeedSeesTheCommitsOfOtherConnections() async throws {
    let folder = try TemporaryFolder()
    let path = folder.file("wordbook.sqlite")
    let writer = try SQLiteWordService(path: path)
    let book = try await writer.createBook(title: "Verbs")
    let word = try await writer.saveWord(WordDraft(term: "가다", meaning: "to go"), to: book.id)
    let reader = try SQLiteWordService(path: path)
    let feed = ChangeCollector(reader.changes())
    defer { feed.stop() }
    try await writer.updateStudyStates([StudyStateChange(wordID: word.id, state: .fail)])
    var marked = word
    marked.studyState = .fail
    try await feed.expect([.wordUpdated(marked, book: book.id)])
    // A program that knows nothing of Wordbook's code, writing with plain SQL.
    try RawDatabase(path: path).execute("DELETE FROM words WHERE id = \(word.id.rawValue)")
    try await feed.expect([.wordDeleted(word.id, book: book.id)])
  }

  @Test func importsAndBookDeletionsWriteOneJournalRow() async throws {
    let folder = try TemporaryFolder()
    let path = folder.file("wordbook.sqlite")
    let service = try SQLiteWordService(path: path)
    let drafts = (1...3_000).map { WordDraft(term: "term \($0)", meaning: "meaning") }
    let summary = try await service.importWords(
      drafts, intoBookTitled: "Big", onDuplicate: .skip, progress: { _ in })
    let raw = try RawDatabase(path: path)
    // The new book, and its reload.
    #expect(try raw.text("SELECT group_concat(kind) FROM changes") == "4,3")
    try await service.deleteBook(summary.book.id)
    #expect(try raw.text("SELECT group_concat(kind) FROM changes") == "4,3,4")
    // The search index still follows the words.
    #expect(try raw.text("SELECT count(*) FROM words") == "0")
  }

  @Test func aFeedFarBehindReloadsEveryBookAndTheJournalIsTrimmed() async throws {
    let folder = try TemporaryFolder()
    let path = folder.file("wordbook.sqlite")
    let service = try SQLiteWordService(path: path)
    let drafts = (1...1_500).map { WordDraft(term: "term \($0)", meaning: "meaning") }
    let book = try await service.importWords(
      drafts, intoBookTitled: "Big", onDuplicate: .skip, progress: { _ in }
    ).book
    let feed = ChangeCollector(service.changes())
    defer { feed.stop() }
    // One statement marking 1,500 words: more rows than a feed lists.
    let raw = try RawDatabase(path: path)
    try raw.execute("UPDATE words SET study_state = 1")
    try await feed.expect([.booksChanged, .bookReloaded(book.id)])
    for _ in 1...7 { try raw.execute("UPDATE words SET study_state = 3 - study_state") }
    // Trimmed at every thousandth row to the last 10,000 rows.
    #expect(try raw.text("SELECT min(seq) || '-' || max(seq) FROM changes") == "2001-12002")
  }
}
