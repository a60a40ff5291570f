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

  /// Hundreds of rows with repeated terms (spelled two ways, Korean and Latin) and meanings:
  /// the rows a chunked insert holds back before writing them must count and update exactly
  /// as the in-memory service, row by row, whatever the policy.
  @Test(arguments: [DuplicatePolicy.skip, .update, .keep])
  func importOfManyRepeatedRowsAgreesWithTheInMemoryService(policy: DuplicatePolicy)
    async throws
  {
    var generator = SplitMix64(seed: 29)
    let stems = ["사랑", "e\u{301}t\u{E9}", "\u{E9}t\u{E9}", "word", "\u{1112}\u{1161}\u{11AB}"]
    let states: [StudyState] = [.notStudied, .success, .fail]
    let drafts = (0..<700).map { _ in
      WordDraft(
        term: stems[Int(generator.next(below: 5))] + String(generator.next(below: 30)),
        meaning: "meaning \(generator.next(below: 3))",
        studyState: states[Int(generator.next(below: 3))])
    }
    let folder = try TemporaryFolder()
    let sqlite = try SQLiteWordService(path: folder.file("wordbook.sqlite"))
    let memory = InMemoryWordService()
    var summaries: [[Int]] = []
    var books: [[[String]]] = []
    for service in [sqlite, memory] as [any WordService] {
      let book = try await service.createBook(title: "Book")
      for draft in drafts.prefix(40) { _ = try await service.saveWord(draft, to: book.id) }
      let summary = try await service.importWords(
        drafts, intoBookTitled: "Book", onDuplicate: policy, progress: { _ in })
      summaries.append([
        summary.added, summary.homonyms, summary.updated, summary.unchanged, summary.duplicates,
        summary.book.wordCount,
      ])
      books.append(
        try await service.fetchWords(in: book.id).map {
          [String($0.term.unicodeScalars.map(\.value).description), $0.meaning, "\($0.studyState)"]
        })
    }
    #expect(summaries[0] == summaries[1])
    #expect(books[0] == books[1])
  }
}
