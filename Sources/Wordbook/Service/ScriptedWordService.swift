/// A test double that wraps any ``WordService``: it counts the calls of each method, makes a
/// chosen call fail, and holds a chosen call, before it reaches the wrapped service, until the
/// test releases it, so a test decides when a slow answer comes.
///
/// Every app that tests its reducer against a service needs these, so Wordbook ships them:
/// wrap an ``InMemoryWordService`` (or any service) and script what it should do.
///
/// ```swift
/// let service = ScriptedWordService(wrapping: InMemoryWordService(books: [("Verbs", [])]))
/// await service.fail(.fetchBooks, call: 1, with: WordServiceError(.unavailable, "offline"))
/// await service.hold(.fetchBooks, call: 2)
/// // … the first load fails; the second waits until:
/// await service.waitUntilHeld(.fetchBooks)
/// await service.release(.fetchBooks)
/// await service.callCount(of: .fetchBooks)  // 2
/// ```
///
/// A held call suspends its caller, not the service: other calls are answered meanwhile.
public actor ScriptedWordService: WordService {
  /// A method of ``WordService``, as counted and scripted.
  public enum Method: String, Hashable, Sendable, CaseIterable {
    /// ``WordService/createBook(title:)``.
    case createBook
    /// ``WordService/deleteWord(_:)``.
    case deleteWord
    /// ``WordService/fetchBooks()``.
    case fetchBooks
    /// ``WordService/fetchDailyReviewCounts(in:from:to:)``.
    case fetchDailyReviewCounts
    /// ``WordService/fetchDueTimes(in:)``.
    case fetchDueTimes
    /// ``WordService/fetchNewWordCount(in:since:)``.
    case fetchNewWordCount
    /// ``WordService/fetchReviewLogs(in:after:limit:)``.
    case fetchReviewLogs
    /// ``WordService/fetchReviews(of:)``.
    case fetchReviews
    /// ``WordService/fetchRoundCounts(at:)``.
    case fetchRoundCounts
    /// ``WordService/fetchSchedule(in:dueBy:after:limit:)``.
    case fetchSchedule
    /// ``WordService/fetchTallies()``.
    case fetchTallies
    /// ``WordService/fetchWords(in:)``.
    case fetchWords
    /// ``WordService/fetchWords(in:after:limit:)``.
    case fetchWordsPage
    /// ``WordService/importReviews(_:)``.
    case importReviews
    /// ``WordService/importReviews(into:byTerm:)``.
    case importReviewsByTerm
    /// ``WordService/importWords(intoBookTitled:onDuplicate:progress:rows:)``.
    case importWords
    /// ``WordService/recordReview(_:of:)``.
    case recordReview
    /// ``WordService/removeLastReview(of:restoring:)``.
    case removeLastReview
    /// ``WordService/renameBook(_:to:)``.
    case renameBook
    /// ``WordService/reviewSettings()``.
    case reviewSettings
    /// ``WordService/deleteBook(_:)``.
    case deleteBook
    /// ``WordService/lastStudiedBook()``.
    case lastStudiedBook
    /// ``WordService/setLastStudiedBook(_:)``.
    case setLastStudiedBook
    /// ``WordService/setReviewSettings(_:)``.
    case setReviewSettings
    /// ``WordService/setStudyMode(_:of:)``.
    case setStudyMode
    /// ``WordService/saveWord(_:to:)``.
    case saveWord
    /// ``WordService/searchWords(matching:in:after:limit:)``.
    case searchWords
    /// ``WordService/updateStudyStates(_:)``.
    case updateStudyStates
    /// ``WordService/updateWord(_:term:meaning:)``.
    case updateWord
  }

  /// A call of a method: its method and its number among that method's calls, from 1.
  private struct Call: Hashable {
    var method: Method
    var number: Int
  }

  /// The wrapped service, which answers every call that is not made to fail.
  public let base: any WordService
  private var counts: [Method: Int] = [:]
  private var failures: [Call: WordServiceError] = [:]
  private var holds: Set<Call> = []
  private var held: [Method: [CheckedContinuation<Void, Never>]] = [:]
  private var holdWatchers: [Method: [CheckedContinuation<Void, Never>]] = [:]

  /// Wraps `base`, forwarding every call to it until scripted otherwise.
  ///
  /// - Parameter base: The service that answers.
  public init(wrapping base: any WordService) {
    self.base = base
  }

  /// How many times `method` was called so far, including failed and held calls.
  public func callCount(of method: Method) -> Int {
    counts[method, default: 0]
  }

  /// Makes the `call`th call of `method` throw `error` instead of reaching the wrapped
  /// service.
  ///
  /// - Parameters:
  ///   - method: The method.
  ///   - call: Which of its calls, from 1, counting calls already made.
  ///   - error: The error it throws.
  public func fail(_ method: Method, call: Int, with error: WordServiceError) {
    failures[Call(method: method, number: call)] = error
  }

  /// Holds the `call`th call of `method` before it is answered (or fails), until
  /// ``release(_:)``.
  ///
  /// - Parameters:
  ///   - method: The method.
  ///   - call: Which of its calls, from 1, counting calls already made.
  public func hold(_ method: Method, call: Int) {
    holds.insert(Call(method: method, number: call))
  }

  /// How many calls of `method` are held now.
  public func heldCount(of method: Method) -> Int {
    held[method]?.count ?? 0
  }

  /// Waits until a call of `method` is held, returning at once when one already is.
  public func waitUntilHeld(_ method: Method) async {
    guard heldCount(of: method) == 0 else { return }
    await withCheckedContinuation { holdWatchers[method, default: []].append($0) }
  }

  /// Lets the oldest held call of `method` go on to its answer.
  ///
  /// - Returns: Whether a call was held.
  @discardableResult
  public func release(_ method: Method) -> Bool {
    guard var calls = held[method], !calls.isEmpty else { return false }
    calls.removeFirst().resume()
    held[method] = calls
    return true
  }

  /// Counts a call of `method`, holds or fails it as scripted, else runs `answer`.
  private func script<Answer>(
    _ method: Method, _ answer: () async throws(WordServiceError) -> Answer
  ) async throws(WordServiceError) -> Answer {
    counts[method, default: 0] += 1
    let call = Call(method: method, number: counts[method, default: 0])
    if holds.remove(call) != nil {
      await withCheckedContinuation { continuation in
        held[method, default: []].append(continuation)
        for watcher in holdWatchers.removeValue(forKey: method) ?? [] { watcher.resume() }
      }
    }
    if let error = failures.removeValue(forKey: call) { throw error }
    return try await answer()
  }

  // One function per method of the protocol, each a call of `script`.

  /// Forwards to ``base``: the feed is not scripted, so a test sees every change.
  public nonisolated func changes() -> AsyncStream<[WordChange]> {
    base.changes()
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func fetchBooks() async throws(WordServiceError) -> [WordBook] {
    try await script(.fetchBooks) { () async throws(WordServiceError) in
      try await base.fetchBooks()
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func fetchWords(in bookID: WordBook.ID) async throws(WordServiceError) -> [Word] {
    try await script(.fetchWords) { () async throws(WordServiceError) in
      try await base.fetchWords(in: bookID)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func fetchWords(in bookID: WordBook.ID, after word: Word.ID?, limit: Int)
    async throws(WordServiceError) -> [Word]
  {
    try await script(.fetchWordsPage) { () async throws(WordServiceError) in
      try await base.fetchWords(in: bookID, after: word, limit: limit)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func fetchTallies() async throws(WordServiceError) -> [WordBook.ID: StudyTally] {
    try await script(.fetchTallies) { () async throws(WordServiceError) in
      try await base.fetchTallies()
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func createBook(title: String) async throws(WordServiceError) -> WordBook {
    try await script(.createBook) { () async throws(WordServiceError) in
      try await base.createBook(title: title)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func saveWord(_ draft: WordDraft, to bookID: WordBook.ID) async throws(WordServiceError)
    -> Word
  {
    try await script(.saveWord) { () async throws(WordServiceError) in
      try await base.saveWord(draft, to: bookID)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func updateStudyStates(_ changes: [StudyStateChange]) async throws(WordServiceError) {
    try await script(.updateStudyStates) { () async throws(WordServiceError) in
      try await base.updateStudyStates(changes)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func deleteWord(_ wordID: Word.ID) async throws(WordServiceError) {
    try await script(.deleteWord) { () async throws(WordServiceError) in
      try await base.deleteWord(wordID)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func renameBook(_ bookID: WordBook.ID, to title: String) async throws(WordServiceError)
    -> WordBook
  {
    try await script(.renameBook) { () async throws(WordServiceError) in
      try await base.renameBook(bookID, to: title)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func deleteBook(_ bookID: WordBook.ID) async throws(WordServiceError) {
    try await script(.deleteBook) { () async throws(WordServiceError) in
      try await base.deleteBook(bookID)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func lastStudiedBook() async throws(WordServiceError) -> WordBook.ID? {
    try await script(.lastStudiedBook) { () async throws(WordServiceError) in
      try await base.lastStudiedBook()
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func setLastStudiedBook(_ bookID: WordBook.ID) async throws(WordServiceError) {
    try await script(.setLastStudiedBook) { () async throws(WordServiceError) in
      try await base.setLastStudiedBook(bookID)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func updateWord(_ wordID: Word.ID, term: String, meaning: String)
    async throws(WordServiceError) -> Word
  {
    try await script(.updateWord) { () async throws(WordServiceError) in
      try await base.updateWord(wordID, term: term, meaning: meaning)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func searchWords(
    matching query: String, in bookID: WordBook.ID?, after: WordSearchHit?, limit: Int
  ) async throws(WordServiceError) -> [WordSearchHit] {
    try await script(.searchWords) { () async throws(WordServiceError) in
      try await base.searchWords(matching: query, in: bookID, after: after, limit: limit)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func importWords(
    intoBookTitled title: String,
    onDuplicate policy: DuplicatePolicy,
    progress: @escaping @Sendable (Int) -> Void,
    rows: ImportRows
  ) async throws(WordServiceError) -> ImportSummary {
    try await script(.importWords) { () async throws(WordServiceError) in
      try await base.importWords(
        intoBookTitled: title, onDuplicate: policy, progress: progress, rows: rows)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func reviewSettings() async throws(WordServiceError) -> ReviewSettings {
    try await script(.reviewSettings) { () async throws(WordServiceError) in
      try await base.reviewSettings()
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func setReviewSettings(_ settings: ReviewSettings) async throws(WordServiceError) {
    try await script(.setReviewSettings) { () async throws(WordServiceError) in
      try await base.setReviewSettings(settings)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func recordReview(_ review: Review, of wordID: Word.ID) async throws(WordServiceError)
    -> MemoryState
  {
    try await script(.recordReview) { () async throws(WordServiceError) in
      try await base.recordReview(review, of: wordID)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func removeLastReview(of wordID: Word.ID, restoring state: StudyState)
    async throws(WordServiceError) -> MemoryState
  {
    try await script(.removeLastReview) { () async throws(WordServiceError) in
      try await base.removeLastReview(of: wordID, restoring: state)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func fetchDueTimes(in bookID: WordBook.ID) async throws(WordServiceError)
    -> BookDueTimes
  {
    try await script(.fetchDueTimes) { () async throws(WordServiceError) in
      try await base.fetchDueTimes(in: bookID)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func fetchRoundCounts(at time: Timestamp) async throws(WordServiceError)
    -> [WordBook.ID: RoundCounts]
  {
    try await script(.fetchRoundCounts) { () async throws(WordServiceError) in
      try await base.fetchRoundCounts(at: time)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func setStudyMode(_ mode: StudyMode, of bookID: WordBook.ID)
    async throws(WordServiceError)
  {
    try await script(.setStudyMode) { () async throws(WordServiceError) in
      try await base.setStudyMode(mode, of: bookID)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func fetchReviews(of wordID: Word.ID) async throws(WordServiceError) -> [Review] {
    try await script(.fetchReviews) { () async throws(WordServiceError) in
      try await base.fetchReviews(of: wordID)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func fetchReviewLogs(in bookID: WordBook.ID?, after word: Word.ID?, limit: Int)
    async throws(WordServiceError) -> [WordReviewLog]
  {
    try await script(.fetchReviewLogs) { () async throws(WordServiceError) in
      try await base.fetchReviewLogs(in: bookID, after: word, limit: limit)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func fetchSchedule(
    in bookID: WordBook.ID, dueBy time: Timestamp?, after last: ScheduledWord?, limit: Int
  ) async throws(WordServiceError) -> [ScheduledWord] {
    try await script(.fetchSchedule) { () async throws(WordServiceError) in
      try await base.fetchSchedule(in: bookID, dueBy: time, after: last, limit: limit)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func fetchDailyReviewCounts(
    in bookID: WordBook.ID, from start: Timestamp, to end: Timestamp
  ) async throws(WordServiceError) -> [DailyReviewCount] {
    try await script(.fetchDailyReviewCounts) { () async throws(WordServiceError) in
      try await base.fetchDailyReviewCounts(in: bookID, from: start, to: end)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func fetchNewWordCount(in bookID: WordBook.ID, since start: Timestamp)
    async throws(WordServiceError) -> Int
  {
    try await script(.fetchNewWordCount) { () async throws(WordServiceError) in
      try await base.fetchNewWordCount(in: bookID, since: start)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func importReviews(_ rows: ReviewImportRows) async throws(WordServiceError) -> Int {
    try await script(.importReviews) { () async throws(WordServiceError) in
      try await base.importReviews(rows)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func importReviews(into bookID: WordBook.ID, byTerm rows: TermReviewImportRows)
    async throws(WordServiceError) -> Int
  {
    try await script(.importReviewsByTerm) { () async throws(WordServiceError) in
      try await base.importReviews(into: bookID, byTerm: rows)
    }
  }
}
