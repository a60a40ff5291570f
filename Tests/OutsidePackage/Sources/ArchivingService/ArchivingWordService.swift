import Wordbook

/// An app's own service: every call goes to the service it keeps its words in, except that a
/// deleted book's words are first kept in an archive, so that the app can offer them back.
///
/// `deletesWords` is there to show what the contract suite catches: a service that only hides
/// a deleted book and forgets to delete its words, as a soft delete easily does.
public actor ArchivingWordService: WordService {
  /// A deleted book's title and its words as they were.
  public struct ArchivedBook: Equatable, Sendable {
    /// The book's title.
    public var title: String
    /// Its words, in the book's order.
    public var words: [Word]
  }

  private let store: any WordService
  private let deletesWords: Bool
  private var hidden: Set<WordBook.ID> = []

  /// The books deleted so far, oldest first.
  public private(set) var archive: [ArchivedBook] = []

  /// A service that keeps its words in `store`.
  ///
  /// - Parameters:
  ///   - store: Where the words live.
  ///   - deletesWords: Whether deleting a book deletes its words; `false` only hides the book.
  public init(store: any WordService, deletesWords: Bool = true) {
    self.store = store
    self.deletesWords = deletesWords
  }

  /// Keeps the book's words in ``archive``, then deletes it.
  public func deleteBook(_ bookID: WordBook.ID) async throws(WordServiceError) {
    guard !hidden.contains(bookID) else { throw .bookNotFound(bookID) }
    let words = try await store.fetchWords(in: bookID)
    let title = try await store.fetchBooks().first { $0.id == bookID }?.title ?? ""
    archive.append(ArchivedBook(title: title, words: words))
    if deletesWords {
      try await store.deleteBook(bookID)
    } else {
      hidden.insert(bookID)
    }
  }

  /// The store's books, less those hidden.
  public func fetchBooks() async throws(WordServiceError) -> [WordBook] {
    try await store.fetchBooks().filter { !hidden.contains($0.id) }
  }

  /// The store's tallies, less those of the books hidden.
  public func fetchTallies() async throws(WordServiceError) -> [WordBook.ID: StudyTally] {
    try await store.fetchTallies().filter { !hidden.contains($0.key) }
  }

  /// Answers from the store.
  public nonisolated func changes() -> AsyncStream<[WordChange]> { store.changes() }

  /// Answers from the store.
  public func fetchWords(in bookID: WordBook.ID) async throws(WordServiceError) -> [Word] {
    try await store.fetchWords(in: bookID)
  }

  /// Answers from the store.
  public func fetchWords(in bookID: WordBook.ID, after word: Word.ID?, limit: Int)
    async throws(WordServiceError) -> [Word]
  {
    try await store.fetchWords(in: bookID, after: word, limit: limit)
  }

  /// Answers from the store.
  public func createBook(title: String) async throws(WordServiceError) -> WordBook {
    try await store.createBook(title: title)
  }

  /// Answers from the store.
  public func renameBook(_ bookID: WordBook.ID, to title: String) async throws(WordServiceError)
    -> WordBook
  {
    try await store.renameBook(bookID, to: title)
  }

  /// Answers from the store.
  public func lastStudiedBook() async throws(WordServiceError) -> WordBook.ID? {
    try await store.lastStudiedBook()
  }

  /// Answers from the store.
  public func setLastStudiedBook(_ bookID: WordBook.ID) async throws(WordServiceError) {
    try await store.setLastStudiedBook(bookID)
  }

  /// Answers from the store.
  public func saveWord(_ draft: WordDraft, to bookID: WordBook.ID) async throws(WordServiceError)
    -> Word
  {
    try await store.saveWord(draft, to: bookID)
  }

  /// Answers from the store.
  public func updateStudyStates(_ changes: [StudyStateChange]) async throws(WordServiceError) {
    try await store.updateStudyStates(changes)
  }

  /// Answers from the store.
  public func updateWord(_ wordID: Word.ID, term: String, meaning: String)
    async throws(WordServiceError) -> Word
  {
    try await store.updateWord(wordID, term: term, meaning: meaning)
  }

  /// Answers from the store.
  public func deleteWord(_ wordID: Word.ID) async throws(WordServiceError) {
    try await store.deleteWord(wordID)
  }

  /// Answers from the store.
  public func searchWords(
    matching query: String, in bookID: WordBook.ID?, after: WordSearchHit?, limit: Int
  ) async throws(WordServiceError) -> [WordSearchHit] {
    try await store.searchWords(matching: query, in: bookID, after: after, limit: limit)
  }

  /// Answers from the store.
  public func reviewSettings() async throws(WordServiceError) -> ReviewSettings {
    try await store.reviewSettings()
  }

  /// Answers from the store.
  public func setReviewSettings(_ settings: ReviewSettings) async throws(WordServiceError) {
    try await store.setReviewSettings(settings)
  }

  /// Answers from the store.
  public func recordReview(_ review: Review, of wordID: Word.ID) async throws(WordServiceError)
    -> MemoryState
  {
    try await store.recordReview(review, of: wordID)
  }

  /// Answers from the store.
  public func removeLastReview(of wordID: Word.ID, restoring state: StudyState)
    async throws(WordServiceError) -> MemoryState
  {
    try await store.removeLastReview(of: wordID, restoring: state)
  }

  /// Answers from the store.
  public func fetchReviews(of wordID: Word.ID) async throws(WordServiceError) -> [Review] {
    try await store.fetchReviews(of: wordID)
  }

  /// Answers from the store.
  public func fetchReviewLogs(in bookID: WordBook.ID?, after word: Word.ID?, limit: Int)
    async throws(WordServiceError) -> [WordReviewLog]
  {
    try await store.fetchReviewLogs(in: bookID, after: word, limit: limit)
  }

  /// Answers from the store.
  public func fetchSchedule(
    in bookID: WordBook.ID, dueBy time: Timestamp?, after last: ScheduledWord?, limit: Int
  ) async throws(WordServiceError) -> [ScheduledWord] {
    try await store.fetchSchedule(in: bookID, dueBy: time, after: last, limit: limit)
  }

  /// Answers from the store.
  public func fetchDueTimes(in bookID: WordBook.ID) async throws(WordServiceError)
    -> BookDueTimes
  {
    try await store.fetchDueTimes(in: bookID)
  }

  /// The store's round counts, less those of the books hidden.
  public func fetchRoundCounts(at time: Timestamp) async throws(WordServiceError)
    -> [WordBook.ID: RoundCounts]
  {
    try await store.fetchRoundCounts(at: time).filter { !hidden.contains($0.key) }
  }

  /// Answers from the store.
  public func setStudyMode(_ mode: StudyMode, of bookID: WordBook.ID)
    async throws(WordServiceError)
  {
    try await store.setStudyMode(mode, of: bookID)
  }

  /// Answers from the store.
  public func fetchNewWordCount(in bookID: WordBook.ID, since start: Timestamp)
    async throws(WordServiceError) -> Int
  {
    try await store.fetchNewWordCount(in: bookID, since: start)
  }

  /// Answers from the store.
  public func fetchReviewStatistics(of bookID: WordBook.ID, at time: Timestamp)
    async throws(WordServiceError) -> ReviewStatistics
  {
    try await store.fetchReviewStatistics(of: bookID, at: time)
  }

  /// Answers from the store.
  public func fetchDailyReviewCounts(
    in bookID: WordBook.ID, from start: Timestamp, to end: Timestamp
  ) async throws(WordServiceError) -> [DailyReviewCount] {
    try await store.fetchDailyReviewCounts(in: bookID, from: start, to: end)
  }

  /// Answers from the store.
  public func importReviews(_ rows: ReviewImportRows) async throws(WordServiceError) -> Int {
    try await store.importReviews(rows)
  }

  /// Answers from the store.
  public func importReviews(into bookID: WordBook.ID, byTerm rows: TermReviewImportRows)
    async throws(WordServiceError) -> Int
  {
    try await store.importReviews(into: bookID, byTerm: rows)
  }

  /// Answers from the store.
  public func importWords(
    intoBookTitled title: String, onDuplicate policy: DuplicatePolicy,
    progress: @escaping @Sendable (Int) -> Void, rows: ImportRows
  ) async throws(WordServiceError) -> ImportSummary {
    try await store.importWords(
      intoBookTitled: title, onDuplicate: policy, progress: progress, rows: rows)
  }
}
