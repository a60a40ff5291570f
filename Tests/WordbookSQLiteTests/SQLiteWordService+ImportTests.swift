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

  /// An import indexes its words for search at its end: the words it adds are found with the
  /// words indexed before it, and a deletion afterwards leaves the index intact.
  @Test func importIndexesItsWordsForSearchAtTheEnd() async throws {
    let folder = try TemporaryFolder()
    let path = folder.file("wordbook.sqlite")
    let service = try SQLiteWordService(path: path)
    let book = try await service.createBook(title: "Book")
    let old = try await service.saveWord(WordDraft(term: "old", meaning: "before"), to: book.id)
    _ = try await service.importWords(
      [
        WordDraft(term: "old", meaning: "before", studyState: .success),
        WordDraft(term: "old", meaning: "changed"), WordDraft(term: "new", meaning: "first"),
        WordDraft(term: "new", meaning: "second"),
      ],
      intoBookTitled: "book", onDuplicate: .update, progress: { _ in })
    func terms(_ query: String) async throws -> [String] {
      try await service.searchWords(matching: query, in: nil, after: nil, limit: 10)
        .map(\.word.term)
    }
    #expect(try await terms("before") == ["old"])
    #expect(try await terms("changed") == ["old"])
    #expect(try await terms("first") == ["new"])
    #expect(try await terms("second") == ["new"])
    let raw = try RawDatabase(path: path)
    try raw.execute("INSERT INTO words_search (words_search, rank) VALUES ('integrity-check', 1)")
    #expect(try raw.text("SELECT count(*) FROM settings") == "0")
    try await service.deleteWord(old.id)
    #expect(try await terms("before") == [])
    #expect(try await terms("changed") == ["old"])
    try raw.execute("INSERT INTO words_search (words_search, rank) VALUES ('integrity-check', 1)")
  }
}
