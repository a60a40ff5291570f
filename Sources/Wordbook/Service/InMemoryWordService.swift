/// A ``WordService`` that keeps everything in memory, for tests, previews and demos.
///
/// It can add latency and fail a share of calls, driven by a seeded generator, so tests can
/// check what the store does when answers arrive late, out of order or not at all. A failed
/// call changes nothing.
///
/// ```swift
/// let service = InMemoryWordService(books: SampleWordbook.books)
/// let flaky = InMemoryWordService(faults: .init(failureRate: 0.2, latency: .milliseconds(5)))
/// ```
public actor InMemoryWordService: WordService {
  /// Latency and failures to inject.
  public struct Faults: Sendable {
    /// The share of calls, from 0 to 1, that fail with ``WordServiceError/Kind/unavailable``.
    public var failureRate: Double
    /// The longest delay before a call takes effect and answers; each call waits a random
    /// time up to it, so concurrent calls can complete in any order.
    public var latency: Duration
    /// The seed of the generator that decides delays and failures.
    public var seed: UInt64

    /// Creates a fault plan.
    public init(failureRate: Double = 0, latency: Duration = .zero, seed: UInt64 = 1) {
      self.failureRate = failureRate
      self.latency = latency
      self.seed = seed
    }

    /// No latency, no failures.
    public static let none = Faults()
  }

  var library = InMemoryLibrary()
  private var faults: Faults
  private var generator: SplitMix64
  let broadcast = WordChangeBroadcast()

  /// Creates a service holding `books`, whose words get fresh IDs.
  ///
  /// - Parameters:
  ///   - books: Titles and their words, in order.
  ///   - faults: Latency and failures to inject.
  public init(books: [(title: String, words: [WordDraft])] = [], faults: Faults = .none) {
    self.faults = faults
    self.generator = SplitMix64(seed: faults.seed)
    for (title, drafts) in books {
      let book = library.insertBook(title: title)
      for draft in drafts { library.insertWord(draft, into: book) }
    }
  }

  /// Changes the latency and failures injected from now on.
  public func setFaults(_ faults: Faults) {
    self.faults = faults
    generator = SplitMix64(seed: faults.seed)
  }

  /// The changes made through this service from now on.
  public nonisolated func changes() -> AsyncStream<[WordChange]> {
    broadcast.subscribe()
  }

  /// How many change feeds listen now, for a test to wait until a session subscribed.
  package nonisolated var changeSubscriberCount: Int { broadcast.subscriberCount }

  /// Returns every wordbook, in the order they were created.
  public func fetchBooks() async throws(WordServiceError) -> [WordBook] {
    try await simulateNetwork(.loadBooks)
    return library.books.map(\.book)
  }

  /// Returns the words of a book, in the order they were added.
  public func fetchWords(in bookID: WordBook.ID) async throws(WordServiceError) -> [Word] {
    try await simulateNetwork(.loadWords)
    let index = try library.bookIndex(bookID)
    return library.books[index].wordIDs.compactMap { library.words[$0] }
  }

  /// Returns one page of a book's words, in the order they were added.
  public func fetchWords(in bookID: WordBook.ID, after word: Word.ID?, limit: Int)
    async throws(WordServiceError) -> [Word]
  {
    try await simulateNetwork(.loadWords)
    let wordIDs = library.books[try library.bookIndex(bookID)].wordIDs
    let start = word.map { last in wordIDs.firstIndex { $0 > last } ?? wordIDs.endIndex } ?? 0
    return wordIDs[start...].prefix(limit).compactMap { library.words[$0] }
  }

  /// Counts the words of every book in each study state.
  public func fetchTallies() async throws(WordServiceError) -> [WordBook.ID: StudyTally] {
    try await simulateNetwork(.countWords)
    var tallies: [WordBook.ID: StudyTally] = [:]
    for stored in library.books where !stored.wordIDs.isEmpty {
      var tally = StudyTally()
      for wordID in stored.wordIDs {
        if let word = library.words[wordID] { tally[word.studyState] += 1 }
      }
      tallies[stored.book.id] = tally
    }
    return tallies
  }

  /// Creates an empty wordbook.
  public func createBook(title: String) async throws(WordServiceError) -> WordBook {
    let title = try WordServiceError.validTitle(title)
    try await simulateNetwork(.createBook)
    try library.checkTitleFree(title)
    let book = library.books[library.insertBook(title: title)].book
    broadcast.send([.booksChanged])
    return book
  }

  /// Renames a wordbook.
  public func renameBook(_ bookID: WordBook.ID, to title: String) async throws(WordServiceError)
    -> WordBook
  {
    try await simulateNetwork(.renameBook)
    let book = try withStorage { storage throws(WordServiceError) in
      try storage.renameBook(bookID, to: title)
    }
    broadcast.send([.booksChanged])
    return book
  }

  /// Deletes a wordbook and all its words.
  public func deleteBook(_ bookID: WordBook.ID) async throws(WordServiceError) {
    try await simulateNetwork(.deleteBook)
    try withStorage { storage throws(WordServiceError) in try storage.deleteBook(bookID) }
    broadcast.send([.booksChanged])
  }

  /// Returns the wordbook the learner studied last.
  public func lastStudiedBook() async throws(WordServiceError) -> WordBook.ID? {
    try await simulateNetwork(.readSettings)
    return try withStorage { storage throws(WordServiceError) in try storage.lastStudiedBook() }
  }

  /// Remembers the wordbook the learner is studying.
  public func setLastStudiedBook(_ bookID: WordBook.ID) async throws(WordServiceError) {
    try await simulateNetwork(.saveSettings)
    try withStorage { storage throws(WordServiceError) in try storage.setLastStudiedBook(bookID) }
  }

  /// Saves a new word at the end of a book.
  public func saveWord(_ draft: WordDraft, to bookID: WordBook.ID) async throws(WordServiceError)
    -> Word
  {
    _ = try WordServiceError.validTerm(draft.term)
    try await simulateNetwork(.saveWord)
    let word = library.insertWord(draft, into: try library.bookIndex(bookID))
    broadcast.send([.wordAdded(word, book: bookID)])
    return word
  }

  /// Sets the study state of several words, all or none.
  public func updateStudyStates(_ changes: [StudyStateChange]) async throws(WordServiceError) {
    try await simulateNetwork(.saveStudyMarks)
    for change in changes where library.words[change.wordID] == nil {
      throw .wordNotFound(change.wordID)
    }
    for change in changes { library.words[change.wordID]?.studyState = change.state }
    broadcast.send(
      changes.compactMap { change in
        guard let word = library.words[change.wordID], let book = library.bookOfWord[word.id]
        else { return nil }
        return .wordUpdated(word, book: book)
      })
  }

  /// Changes a word's term and meaning.
  public func updateWord(_ wordID: Word.ID, term: String, meaning: String)
    async throws(WordServiceError) -> Word
  {
    try await simulateNetwork(.saveWord)
    let word = try withStorage { storage throws(WordServiceError) in
      try storage.updateWord(wordID, term: term, meaning: meaning)
    }
    if let book = library.bookOfWord[wordID] { broadcast.send([.wordUpdated(word, book: book)]) }
    return word
  }

  /// Returns the words whose term or meaning contains `query`, ignoring case.
  public func searchWords(
    matching query: String, in bookID: WordBook.ID?, after: WordSearchHit?, limit: Int
  ) async throws(WordServiceError) -> [WordSearchHit] {
    try await simulateNetwork(.searchWords)
    var stored = library.books.sorted { $0.book.id < $1.book.id }
    if let bookID { stored = [library.books[try library.bookIndex(bookID)]] }
    guard limit > 0 else { return [] }
    let key = query.lowercased()
    var hits: [WordSearchHit] = []
    for book in stored {
      for wordID in book.wordIDs {
        guard let word = library.words[wordID], word.matchesSearch(key) else { continue }
        let hit = WordSearchHit(bookID: book.book.id, word: word)
        if let after, !after.precedes(hit) { continue }
        hits.append(hit)
        if hits.count == limit { return hits }
      }
    }
    return hits
  }

  /// Deletes a word.
  public func deleteWord(_ wordID: Word.ID) async throws(WordServiceError) {
    try await simulateNetwork(.deleteWord)
    let bookID = library.bookOfWord[wordID]
    try withStorage { storage throws(WordServiceError) in try storage.deleteWord(wordID) }
    if let bookID { broadcast.send([.wordDeleted(wordID, book: bookID)]) }
  }

  /// Remembers the study mode a book was left in.
  public func setStudyMode(_ mode: StudyMode, of bookID: WordBook.ID)
    async throws(WordServiceError)
  {
    try await simulateNetwork(.saveSettings)
    try withStorage { storage throws(WordServiceError) in try storage.setStudyMode(mode, of: bookID)
    }
  }

  /// Adds many words to a book, all or none, batch by batch.
  ///
  /// - Complexity: O(*m* + *n*) for *n* rows into a book of *m* words, with the book's terms
  ///   in a dictionary (memory is the point of this service, not a limit).
  public func importWords(
    intoBookTitled title: String,
    onDuplicate policy: DuplicatePolicy,
    progress: @escaping @Sendable (Int) -> Void,
    rows: ImportRows
  ) async throws(WordServiceError) -> ImportSummary {
    let title = try WordServiceError.validTitle(title)
    try await simulateNetwork(.importWords)
    if Task.isCancelled { throw .cancelled }
    let staged = InMemoryStorage(library)
    let index = staged.library.bookIndex(titled: title) ?? staged.library.insertBook(title: title)
    var summary = ImportSummary(book: staged.library.books[index].book)
    var writer = InMemoryImportWriter(staged, bookAt: index)
    try writer.importRows(
      rows, policy: policy, summary: &summary, progress: progress,
      isCancelled: { Task.isCancelled })
    summary.book = staged.library.books[index].book
    let isNewBook = library.bookIndex(titled: title) == nil
    library = staged.library
    broadcast.send(
      isNewBook
        ? [.booksChanged, .bookReloaded(summary.book.id)] : [.bookReloaded(summary.book.id)])
    return summary
  }

  /// Runs `body` on the library as an ``InMemoryStorage``, its only holder meanwhile, so that
  /// its writes copy none of the library's dictionaries.
  func withStorage<Result>(
    _ body: (InMemoryStorage) throws(WordServiceError) -> Result
  ) throws(WordServiceError) -> Result {
    let storage = InMemoryStorage(library)
    library = InMemoryLibrary()
    defer { library = storage.library }
    return try body(storage)
  }

  /// Waits the injected latency, then fails the injected share of calls. Decided before the
  /// wait, so a failed call never takes effect.
  func simulateNetwork(_ what: WordServiceError.Operation) async throws(WordServiceError) {
    let fails =
      faults.failureRate > 0
      && Double(generator.next() >> 11) / Double(1 << 53) < faults.failureRate
    if faults.latency > .zero {
      let nanoseconds =
        faults.latency.components.seconds * 1_000_000_000
        + faults.latency.components.attoseconds / 1_000_000_000
      let delay = generator.next(below: UInt64(max(nanoseconds, 1)) + 1)
      try? await Task.sleep(for: .nanoseconds(delay))
    }
    if fails {
      throw WordServiceError(.unavailable, reason: .unreachable(what))
    }
  }
}
