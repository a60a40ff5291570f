import Testing
import Wordbook
import WordbookSQLite

/// Pages of words as bytes, which `wordbook words` copies out without a string for each text.
@Suite struct SQLiteWordServiceWordTextsTests {
  @Test func pagesOfTextsHoldEveryWordAsStoredInOrder() async throws {
    let folder = try TemporaryFolder()
    let path = folder.file("wordbook.sqlite")
    let service = try SQLiteWordService(path: path)
    let drafts = [
      WordDraft(term: "가다", meaning: "to go", studyState: .success),
      WordDraft(term: "사과", meaning: "apple", imageReference: "apple.png", studyState: .fail),
      WordDraft(term: "빈 뜻", meaning: ""),
      WordDraft(term: "esc\u{1B}[2J", meaning: "line\nbreak", imageReference: ""),
    ]
    let book = try await service.importWords(
      drafts, intoBookTitled: "Book", onDuplicate: .keep, progress: { _ in }
    ).book
    // "a", then the byte 0xFF: the page keeps the byte, as stored.
    try RawDatabase(path: path).execute(
      "INSERT INTO words (book_id, term, meaning) VALUES (\(book.id.rawValue), "
        + "CAST(X'61FF' AS TEXT), 'raw')")
    let other = try await service.createBook(title: "Other")
    _ = try await service.saveWord(WordDraft(term: "x", meaning: "y"), to: other.id)

    var pages: [WordTextPage] = []
    repeat {
      pages.append(
        try await service.fetchWordTexts(in: book.id, after: pages.last?.lastID, limit: 2))
    } while pages.last?.count == 2
    #expect(pages.map(\.count) == [2, 2, 1])
    let words = try await service.fetchWords(in: book.id)
    #expect(pages.flatMap(Self.decoded) == words)
    #expect(Self.decoded(WordTextPage(words)) == words)
    var rawTerm: [UInt8] = []
    pages.last?.forEachWord { rawTerm = Array($0.term) }
    #expect(rawTerm == [0x61, 0xFF])

    let missing = await #expect(throws: WordServiceError.self) {
      try await service.fetchWordTexts(in: WordBook.ID(99), after: nil, limit: 2)
    }
    #expect(missing?.kind == .notFound)
  }

  /// The page's words, their texts decoded as the service decodes them.
  private static func decoded(_ page: WordTextPage) -> [Word] {
    var words: [Word] = []
    page.forEachWord { entry in
      words.append(
        Word(
          id: entry.id, term: String(decoding: entry.term, as: UTF8.self),
          meaning: String(decoding: entry.meaning, as: UTF8.self),
          imageReference: entry.imageReference.map { String(decoding: $0, as: UTF8.self) },
          studyState: entry.studyState))
    }
    return words
  }
}
