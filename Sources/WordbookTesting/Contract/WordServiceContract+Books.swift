import Testing
import Wordbook

/// Books and words: creating, saving, paging, tallies, study states and deleting words, errors
/// included.
extension WordServiceContract {
  enum Books {
    static func newServiceHasNoBooks(_ service: any WordService) async throws {
      #expect(try await service.fetchBooks() == [])
    }

    static func createBookTrimsTitleAndKeepsCreationOrder(_ service: any WordService) async throws {
      let verbs = try await service.createBook(title: "  Korean verbs \n")
      let nouns = try await service.createBook(title: "Nouns")
      let adverbs = try await service.createBook(title: "Adverbs")
      #expect(verbs.title == "Korean verbs")
      #expect(verbs.wordCount == 0)
      #expect(Set([verbs.id, nouns.id, adverbs.id]).count == 3)
      #expect(try await service.fetchBooks() == [verbs, nouns, adverbs])
    }

    static func createBookRejectsBlankTitle(_ service: any WordService) async throws {
      let error = await #expect(throws: WordServiceError.self) {
        try await service.createBook(title: " \t\n")
      }
      #expect(error?.kind == .invalidInput)
      #expect(try await service.fetchBooks() == [])
    }

    static func saveWordAppendsInOrderAndCounts(_ service: any WordService) async throws {
      let book = try await service.createBook(title: "Book")
      let other = try await service.createBook(title: "Other")
      let drafts = [
        WordDraft(term: "사랑", meaning: "love"),
        WordDraft(term: "물", meaning: "water", imageReference: "water.png"),
        WordDraft(term: "책", meaning: "book", studyState: .fail),
      ]
      var saved: [Word] = []
      for draft in drafts {
        saved.append(try await service.saveWord(draft, to: book.id))
        _ = try await service.saveWord(WordDraft(term: "x", meaning: "y"), to: other.id)
      }
      #expect(saved.map(\.term) == drafts.map(\.term))
      #expect(saved.map(\.imageReference) == [nil, "water.png", nil])
      #expect(saved.map(\.studyState) == [.notStudied, .notStudied, .fail])
      #expect(Set(saved.map(\.id)).count == 3)
      #expect(try await service.fetchWords(in: book.id) == saved)
      let counts = try await service.fetchBooks().map(\.wordCount)
      #expect(counts == [3, 3])
    }

    static func pagesReadTheBookInOrderAndTalliesCountIt(_ service: any WordService) async throws {
      let book = try await service.createBook(title: "Book")
      let other = try await service.createBook(title: "Other")
      let empty = try await service.createBook(title: "Empty")
      var saved: [Word] = []
      for index in 0..<7 {
        let state: StudyState = index % 3 == 0 ? .success : index % 3 == 1 ? .fail : .notStudied
        saved.append(
          try await service.saveWord(
            WordDraft(term: "t\(index)", meaning: "m", studyState: state), to: book.id))
        _ = try await service.saveWord(WordDraft(term: "x", meaning: "y"), to: other.id)
      }
      var pages: [[Word]] = []
      var last: Word.ID?
      repeat {
        pages.append(try await service.fetchWords(in: book.id, after: last, limit: 3))
        last = pages.last?.last?.id
      } while pages.last?.count == 3
      #expect(pages.map(\.count) == [3, 3, 1])
      #expect(pages.flatMap { $0 } == saved)
      #expect(try await service.fetchWords(in: empty.id, after: nil, limit: 3) == [])
      let error = await #expect(throws: WordServiceError.self) {
        try await service.fetchWords(in: WordBook.ID(999), after: nil, limit: 3)
      }
      #expect(error?.kind == .notFound)
      let tallies = try await service.fetchTallies()
      #expect(tallies[book.id] == StudyTally(notStudied: 2, success: 3, fail: 2))
      #expect(tallies[other.id] == StudyTally(notStudied: 7))
      #expect(tallies[empty.id] == nil)
    }

    static func saveWordRejectsBlankTermAndUnknownBook(_ service: any WordService) async throws {
      let book = try await service.createBook(title: "Book")
      let blank = await #expect(throws: WordServiceError.self) {
        try await service.saveWord(WordDraft(term: "  ", meaning: "m"), to: book.id)
      }
      #expect(blank?.kind == .invalidInput)
      let missing = WordBook.ID(book.id.rawValue + 100)
      await #expect(throws: WordServiceError.bookNotFound(missing)) {
        try await service.saveWord(WordDraft(term: "t", meaning: "m"), to: missing)
      }
      #expect(try await service.fetchWords(in: book.id) == [])
    }

    static func fetchWordsOfUnknownBookIsNotFound(_ service: any WordService) async throws {
      await #expect(throws: WordServiceError.bookNotFound(WordBook.ID(42))) {
        try await service.fetchWords(in: WordBook.ID(42))
      }
    }

    static func updateStudyStatesChangesEveryListedWord(_ service: any WordService) async throws {
      let book = try await service.createBook(title: "Book")
      let first = try await service.saveWord(WordDraft(term: "a", meaning: "1"), to: book.id)
      _ = try await service.saveWord(WordDraft(term: "b", meaning: "2"), to: book.id)
      let third = try await service.saveWord(WordDraft(term: "c", meaning: "3"), to: book.id)
      try await service.updateStudyStates([
        StudyStateChange(wordID: first.id, state: .success),
        StudyStateChange(wordID: third.id, state: .fail),
        StudyStateChange(wordID: first.id, state: .fail),
      ])
      try await service.updateStudyStates([])
      let states = try await service.fetchWords(in: book.id).map(\.studyState)
      #expect(states == [.fail, .notStudied, .fail])
    }

    static func updateStudyStatesIsAllOrNone(_ service: any WordService) async throws {
      let book = try await service.createBook(title: "Book")
      let word = try await service.saveWord(WordDraft(term: "a", meaning: "1"), to: book.id)
      let missing = Word.ID(word.id.rawValue + 1000)
      await #expect(throws: WordServiceError.wordNotFound(missing)) {
        try await service.updateStudyStates([
          StudyStateChange(wordID: word.id, state: .success),
          StudyStateChange(wordID: missing, state: .fail),
        ])
      }
      #expect(try await service.fetchWords(in: book.id) == [word])
    }

    static func deleteWordRemovesItOnceAndNeverReusesItsID(_ service: any WordService) async throws
    {
      let book = try await service.createBook(title: "Book")
      let first = try await service.saveWord(WordDraft(term: "a", meaning: "1"), to: book.id)
      let last = try await service.saveWord(WordDraft(term: "b", meaning: "2"), to: book.id)
      try await service.deleteWord(last.id)
      await #expect(throws: WordServiceError.wordNotFound(last.id)) {
        try await service.deleteWord(last.id)
      }
      let next = try await service.saveWord(WordDraft(term: "c", meaning: "3"), to: book.id)
      #expect(next.id > last.id)
      #expect(try await service.fetchWords(in: book.id) == [first, next])
      #expect(try await service.fetchBooks().first?.wordCount == 2)
      await #expect(throws: WordServiceError.wordNotFound(last.id)) {
        try await service.updateStudyStates([StudyStateChange(wordID: last.id, state: .fail)])
      }
    }

    static func awkwardTextComesBackByteForByte(_ service: any WordService) async throws {
      let title = "Robert'); DROP TABLE books;--"
      let book = try await service.createBook(title: title)
      let drafts = AwkwardText.drafts
      for draft in drafts { _ = try await service.saveWord(draft, to: book.id) }
      let words = try await service.fetchWords(in: book.id)
      #expect(words.map(\.term) == drafts.map(\.term))
      #expect(words.map(\.meaning) == drafts.map(\.meaning))
      #expect(words.map(\.imageReference) == drafts.map(\.imageReference))
      #expect(try await service.fetchBooks().map(\.title) == [title])
    }

    static func concurrentSavesAllLand(_ service: any WordService) async throws {
      let book = try await service.createBook(title: "Book")
      let ids = try await withThrowingTaskGroup(of: Word.ID.self) { group in
        for index in 0..<40 {
          group.addTask {
            try await service.saveWord(WordDraft(term: "t\(index)", meaning: "m"), to: book.id).id
          }
        }
        return try await group.reduce(into: Set<Word.ID>()) { $0.insert($1) }
      }
      #expect(ids.count == 40)
      let words = try await service.fetchWords(in: book.id)
      #expect(Set(words.map(\.id)) == ids)
      #expect(words.map(\.id) == words.map(\.id).sorted())
    }

    /// The requirements of this part, in the order they are checked.
    static let requirements: [Requirement] = [
      Requirement(.books, "newServiceHasNoBooks", newServiceHasNoBooks),
      Requirement(
        .books, "createBookTrimsTitleAndKeepsCreationOrder",
        createBookTrimsTitleAndKeepsCreationOrder),
      Requirement(.books, "createBookRejectsBlankTitle", createBookRejectsBlankTitle),
      Requirement(.books, "saveWordAppendsInOrderAndCounts", saveWordAppendsInOrderAndCounts),
      Requirement(
        .books, "pagesReadTheBookInOrderAndTalliesCountIt", pagesReadTheBookInOrderAndTalliesCountIt
      ),
      Requirement(
        .books, "saveWordRejectsBlankTermAndUnknownBook", saveWordRejectsBlankTermAndUnknownBook),
      Requirement(.books, "fetchWordsOfUnknownBookIsNotFound", fetchWordsOfUnknownBookIsNotFound),
      Requirement(
        .books, "updateStudyStatesChangesEveryListedWord", updateStudyStatesChangesEveryListedWord),
      Requirement(.books, "updateStudyStatesIsAllOrNone", updateStudyStatesIsAllOrNone),
      Requirement(
        .books, "deleteWordRemovesItOnceAndNeverReusesItsID",
        deleteWordRemovesItOnceAndNeverReusesItsID),
      Requirement(.books, "awkwardTextComesBackByteForByte", awkwardTextComesBackByteForByte),
      Requirement(.books, "concurrentSavesAllLand", concurrentSavesAllLand),
    ]
  }
}
