import Testing
import Wordbook
import WordbookSQLite

/// Loading a whole book: the service reads the table between the book's first and last word
/// when its words fill at least half of that range, and the book's index otherwise; either
/// way the book's words come, and only those, in the order they were added.
@Suite struct SQLiteWordServiceLoadingTests {
  let folder: TemporaryFolder
  let service: SQLiteWordService

  init() throws {
    folder = try TemporaryFolder()
    service = try SQLiteWordService(path: folder.file("wordbook.sqlite"))
  }

  /// Saves `count` words to each book in turn, one book after another word by word.
  func saveAlternately(_ count: Int, to books: [WordBook]) async throws -> [WordBook.ID: [Word]] {
    var saved: [WordBook.ID: [Word]] = [:]
    for index in 0..<count {
      for book in books {
        let draft = WordDraft(
          term: "\(book.title) \(index)", meaning: "m\(index)",
          studyState: index.isMultiple(of: 3) ? .success : .notStudied)
        saved[book.id, default: []].append(try await service.saveWord(draft, to: book.id))
      }
    }
    return saved
  }

  /// A load whose task was cancelled (another book chosen) stops instead of reading the rest
  /// of the book.
  @Test func aCancelledLoadStops() async throws {
    let drafts = (0..<5_000).map { WordDraft(term: "term \($0)", meaning: "meaning \($0)") }
    let summary = try await service.importWords(
      drafts, intoBookTitled: "Big", onDuplicate: .keep, progress: { _ in })
    let service = service
    let load = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await service.fetchWords(in: summary.book.id)
    }
    let error = await #expect(throws: WordServiceError.self) { try await load.value }
    #expect(error?.reason == .cancelled)
    #expect(try await service.fetchWords(in: summary.book.id).count == 5_000)
  }

  /// The same book read a page at a time, through the other query.
  func pages(of bookID: WordBook.ID) async throws -> [Word] {
    var words: [Word] = []
    while true {
      let page = try await service.fetchWords(in: bookID, after: words.last?.id, limit: 3)
      if page.isEmpty { return words }
      words += page
    }
  }

  @Test func interleavedBooksEachLoadOnlyTheirOwnWords() async throws {
    // Two books whose words alternate fill exactly half of their ID ranges: the range is read
    // and the other book's rows in it are left out.
    let first = try await service.createBook(title: "First")
    let second = try await service.createBook(title: "Second")
    let saved = try await saveAlternately(8, to: [first, second])
    for book in [first, second] {
      let loaded = try await service.fetchWords(in: book.id)
      #expect(loaded == saved[book.id])
      #expect(loaded == (try await pages(of: book.id)))
    }
  }

  @Test func aBookSpreadThinlyLoadsThroughItsIndex() async throws {
    // One word of "Sparse" among every four: its range is mostly other books' words.
    let sparse = try await service.createBook(title: "Sparse")
    let others = [
      try await service.createBook(title: "A"), try await service.createBook(title: "B"),
      try await service.createBook(title: "C"),
    ]
    let saved = try await saveAlternately(6, to: [sparse] + others)
    for book in [sparse] + others {
      #expect(try await service.fetchWords(in: book.id) == saved[book.id])
    }
  }

  @Test func deletedWordsAndLaterAdditionsKeepTheOrder() async throws {
    let book = try await service.createBook(title: "Book")
    let other = try await service.createBook(title: "Other")
    var saved = try await saveAlternately(1, to: [book])[book.id] ?? []
    for index in 1..<10 {
      saved.append(
        try await service.saveWord(WordDraft(term: "t\(index)", meaning: "m"), to: book.id))
    }
    _ = try await service.saveWord(WordDraft(term: "other", meaning: "m"), to: other.id)
    saved.append(try await service.saveWord(WordDraft(term: "last", meaning: "m"), to: book.id))
    let deleted = [saved[0].id, saved[4].id, saved[10].id]
    for id in deleted { try await service.deleteWord(id) }
    saved.removeAll { deleted.contains($0.id) }
    #expect(try await service.fetchWords(in: book.id) == saved)
    #expect(try await service.fetchWords(in: other.id).map(\.term) == ["other"])
  }

  @Test func anEmptyBookLoadsNoWords() async throws {
    let book = try await service.createBook(title: "Empty")
    _ = try await saveAlternately(2, to: [try await service.createBook(title: "Full")])
    #expect(try await service.fetchWords(in: book.id) == [])
  }
}
