import Testing
import Wordbook
import WordbookSQLite

/// What only the SQLite import meets: terms written by other programs.
@Suite struct SQLiteWordServiceImportTests {
  @Test func importMatchesStoredBytesThatAreNotUTF8AsTheyAreRead() async throws {
    let folder = try TemporaryFolder()
    let path = folder.file("wordbook.sqlite")
    let service = try SQLiteWordService(path: path)
    let book = try await service.createBook(title: "Book")
    // "a", then the byte 0xFF, which the service reads as "a\u{FFFD}".
    try RawDatabase(path: path).execute(
      "INSERT INTO words (book_id, term, meaning) VALUES (\(book.id.rawValue), "
        + "CAST(X'61FF' AS TEXT), 'raw')")
    let stored = try await service.fetchWords(in: book.id)
    #expect(stored.map(\.term) == ["a\u{FFFD}"])
    let summary = try await service.importWords(
      [
        WordDraft(term: "a\u{FFFD}", meaning: "raw", studyState: .success),
        WordDraft(term: "a", meaning: "a"),
      ],
      intoBookTitled: "Book", onDuplicate: .update, progress: { _ in })
    #expect([summary.added, summary.updated] == [1, 1])
    let words = try await service.fetchWords(in: book.id)
    #expect(words.map(\.meaning) == ["raw", "a"])
    #expect(words.map(\.studyState) == [.success, .notStudied])
  }
}
