import Testing
import Wordbook

/// Renaming and deleting books, editing words, search and the last studied book.
extension WordServiceContract {
  enum Editing {
    /// Expects `body` to throw a `WordServiceError` of `kind`, and returns it.
    @discardableResult
    private static func expectError(
      _ kind: WordServiceError.Kind, sourceLocation: SourceLocation = #_sourceLocation,
      _ body: () async throws -> Void
    ) async -> WordServiceError? {
      let error = await #expect(throws: WordServiceError.self, sourceLocation: sourceLocation) {
        try await body()
      }
      #expect(error?.kind == kind, sourceLocation: sourceLocation)
      return error
    }

    static func createBookRefusesATitleTakenUnderTheTitleComparison(_ service: any WordService)
      async throws
    {
      let toeic = try await service.createBook(title: "TOEIC 800")
      let cafe = try await service.createBook(title: "Caf\u{E9}")
      _ = try await service.saveWord(WordDraft(term: "a", meaning: "b"), to: toeic.id)
      let before = try await service.fetchBooks()
      let error = await expectError(.titleTaken) {
        _ = try await service.createBook(title: " toeic 800\t")
      }
      #expect(error?.existingBook == before[0])
      #expect(error?.message.contains("TOEIC 800") == true)
      let decomposed = await expectError(.titleTaken) {
        _ = try await service.createBook(title: "CAFE\u{301}")
      }
      #expect(decomposed?.existingBook?.id == cafe.id)
      #expect(try await service.fetchBooks() == before)
      #expect(try await service.createBook(title: "TOEIC 800 (2)").title == "TOEIC 800 (2)")
    }

    static func renameBookTrimsAndRefusesBlankTakenOrUnknown(_ service: any WordService)
      async throws
    {
      let verbs = try await service.createBook(title: "Verbs")
      let nouns = try await service.createBook(title: "Nouns")
      _ = try await service.saveWord(WordDraft(term: "가다", meaning: "to go"), to: verbs.id)
      let renamed = try await service.renameBook(verbs.id, to: "  Korean verbs ")
      #expect(renamed == WordBook(id: verbs.id, title: "Korean verbs", wordCount: 1))
      #expect(try await service.renameBook(verbs.id, to: "KOREAN verbs").title == "KOREAN verbs")
      let before = try await service.fetchBooks()
      #expect(before.map(\.title) == ["KOREAN verbs", "Nouns"])
      let taken = await expectError(.titleTaken) {
        _ = try await service.renameBook(verbs.id, to: "nouns")
      }
      #expect(taken?.existingBook == before[1])
      await expectError(.invalidInput) { _ = try await service.renameBook(nouns.id, to: " \n") }
      await expectError(.notFound) { _ = try await service.renameBook(WordBook.ID(99), to: "New") }
      #expect(try await service.fetchBooks() == before)
    }

    static func deleteBookDeletesItsWordsAndOnlyThem(_ service: any WordService) async throws {
      let doomed = try await service.createBook(title: "Doomed")
      let kept = try await service.createBook(title: "Kept")
      let lost = try await service.saveWord(WordDraft(term: "apple", meaning: "사과"), to: doomed.id)
      let stays = try await service.saveWord(
        WordDraft(term: "apple", meaning: "pomme"), to: kept.id)
      try await service.deleteBook(doomed.id)
      #expect(
        try await service.fetchBooks() == [WordBook(id: kept.id, title: "Kept", wordCount: 1)])
      #expect(try await service.fetchWords(in: kept.id) == [stays])
      await expectError(.notFound) { _ = try await service.fetchWords(in: doomed.id) }
      await expectError(.notFound) { try await service.deleteWord(lost.id) }
      await expectError(.notFound) { try await service.deleteBook(doomed.id) }
      let hits = try await service.searchWords(matching: "apple", in: nil, after: nil, limit: 10)
      #expect(hits == [WordSearchHit(bookID: kept.id, word: stays)])
      #expect(try await service.fetchTallies()[doomed.id] == nil)
      #expect(try await service.createBook(title: "doomed").title == "doomed")
    }

    static func updateWordChangesTermAndMeaningOnly(_ service: any WordService) async throws {
      let book = try await service.createBook(title: "Book")
      let word = try await service.saveWord(
        WordDraft(term: "teh", meaning: "a typo", imageReference: "t.png", studyState: .fail),
        to: book.id)
      let other = try await service.saveWord(WordDraft(term: "other", meaning: "x"), to: book.id)
      let updated = try await service.updateWord(word.id, term: "the", meaning: "관사")
      #expect(
        updated
          == Word(
            id: word.id, term: "the", meaning: "관사", imageReference: "t.png", studyState: .fail))
      #expect(try await service.fetchWords(in: book.id) == [updated, other])
      #expect(try await service.searchWords(matching: "teh", in: nil, after: nil, limit: 5) == [])
      #expect(
        try await service.searchWords(matching: "관사", in: nil, after: nil, limit: 5).map(\.word)
          == [updated])
      await expectError(.invalidInput) {
        _ = try await service.updateWord(word.id, term: " ", meaning: "m")
      }
      await expectError(.notFound) {
        _ = try await service.updateWord(Word.ID(99), term: "t", meaning: "m")
      }
      #expect(try await service.fetchWords(in: book.id) == [updated, other])
    }

    static func searchFindsSubstringsInOneBookOrAllIgnoringCase(_ service: any WordService)
      async throws
    {
      let english = try await service.createBook(title: "English")
      let korean = try await service.createBook(title: "Korean")
      let apple = try await service.saveWord(
        WordDraft(term: "Pineapple", meaning: "파인애플"), to: english.id)
      let love = try await service.saveWord(
        WordDraft(term: "사랑하다", meaning: "to love"), to: korean.id)
      let glove = try await service.saveWord(
        WordDraft(term: "glove", meaning: "장갑"), to: english.id)
      let quote = try await service.saveWord(
        WordDraft(term: "say \"hi\" AND 100%", meaning: "quote_mark"), to: korean.id)
      func search(_ query: String, in book: WordBook.ID? = nil) async throws -> [Word] {
        try await service.searchWords(matching: query, in: book, after: nil, limit: 10).map(\.word)
      }
      #expect(try await search("APPLE") == [apple])
      #expect(try await search("love") == [glove, love])
      #expect(try await search("love", in: korean.id) == [love])
      #expect(try await search("사랑하") == [love])
      #expect(try await search("사랑") == [love])
      #expect(try await search("애") == [apple])
      #expect(try await search("Gl") == [glove])
      #expect(try await search("\"hi\" and") == [quote])
      #expect(try await search("%") == [quote])
      #expect(try await search("e_m") == [quote])
      #expect(try await search("_") == [quote])
      #expect(try await search("nothing here") == [])
      #expect(try await search("").count == 4)
      let hits = try await service.searchWords(matching: "o", in: nil, after: nil, limit: 10)
      #expect(hits.map(\.bookID) == [english.id, korean.id, korean.id])
      await expectError(.notFound) {
        _ = try await service.searchWords(matching: "a", in: WordBook.ID(99), after: nil, limit: 1)
      }
    }

    /// "어장" is answered by a scan in the SQLite service, "단어장" by its trigram index.
    static func searchPagesFollowBookThenWordOrder(_ service: any WordService) async throws {
      let first = try await service.createBook(title: "First")
      let second = try await service.createBook(title: "Second")
      var expected: [WordSearchHit] = []
      // Words of the two books interleave, so the order by book differs from the order added.
      for index in 0..<9 {
        let book = index % 3 == 0 ? first : second
        let word = try await service.saveWord(
          WordDraft(term: "단어장 \(index)", meaning: "m"), to: book.id)
        expected.append(WordSearchHit(bookID: book.id, word: word))
        _ = try await service.saveWord(WordDraft(term: "other", meaning: "x"), to: book.id)
      }
      expected.sort { $0.precedes($1) }
      for query in ["어장", "단어장"] {
        try await expectSearchPages(of: service, matching: query, in: second, expected)
      }
    }

    /// Expects the search for `query` to page through `expected`, in every book and in `book`.
    private static func expectSearchPages(
      of service: any WordService, matching query: String, in second: WordBook,
      _ expected: [WordSearchHit]
    ) async throws {
      var pages: [[WordSearchHit]] = []
      repeat {
        pages.append(
          try await service.searchWords(
            matching: query, in: nil, after: pages.last?.last, limit: 2))
      } while pages.last?.count == 2
      #expect(pages.flatMap { $0 } == expected)
      let inSecond = try await service.searchWords(
        matching: query, in: second.id, after: expected[4], limit: 10)
      #expect(inSecond == Array(expected[5...]))
      let afterFirst = try await service.searchWords(
        matching: query, in: second.id, after: expected[1], limit: 2)
      #expect(afterFirst == Array(expected[3...4]))
    }

    static func lastStudiedBookIsKeptUntilTheBookIsDeleted(_ service: any WordService) async throws
    {
      #expect(try await service.lastStudiedBook() == nil)
      let first = try await service.createBook(title: "First")
      let second = try await service.createBook(title: "Second")
      try await service.setLastStudiedBook(second.id)
      #expect(try await service.lastStudiedBook() == second.id)
      await expectError(.notFound) { try await service.setLastStudiedBook(WordBook.ID(99)) }
      #expect(try await service.lastStudiedBook() == second.id)
      try await service.setLastStudiedBook(first.id)
      try await service.deleteBook(second.id)
      #expect(try await service.lastStudiedBook() == first.id)
      try await service.deleteBook(first.id)
      #expect(try await service.lastStudiedBook() == nil)
    }

    /// The requirements of this part, in the order they are checked.
    static let requirements: [Requirement] = [
      Requirement(
        .editing, "createBookRefusesATitleTakenUnderTheTitleComparison",
        createBookRefusesATitleTakenUnderTheTitleComparison),
      Requirement(
        .editing, "renameBookTrimsAndRefusesBlankTakenOrUnknown",
        renameBookTrimsAndRefusesBlankTakenOrUnknown),
      Requirement(
        .editing, "deleteBookDeletesItsWordsAndOnlyThem", deleteBookDeletesItsWordsAndOnlyThem),
      Requirement(
        .editing, "updateWordChangesTermAndMeaningOnly", updateWordChangesTermAndMeaningOnly),
      Requirement(
        .editing, "searchFindsSubstringsInOneBookOrAllIgnoringCase",
        searchFindsSubstringsInOneBookOrAllIgnoringCase),
      Requirement(
        .editing, "searchPagesFollowBookThenWordOrder", searchPagesFollowBookThenWordOrder),
      Requirement(
        .editing, "lastStudiedBookIsKeptUntilTheBookIsDeleted",
        lastStudiedBookIsKeptUntilTheBookIsDeleted),
    ]
  }
}
