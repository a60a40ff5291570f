import Wordbook

/// A test double that wraps any `WordService`: it counts the calls of each method, makes a
/// chosen call fail, and holds a chosen call, before it reaches the wrapped service, until the
/// test releases it, so a test decides when a slow answer comes.
///
/// Every app that tests its reducer against a service needs these, so `WordbookTesting` ships
/// them: wrap an `InMemoryWordService` (or any service) and script what it should do. Every
/// requirement of `WordService` is counted and scriptable; for what the built-in scripts do not
/// cover, ``onCall(_:perform:)`` runs your own code before a method's calls, so that no test
/// needs a wrapper of its own that forwards every method.
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
  /// A method of `WordService`, as counted and scripted.
  public enum Method: String, Hashable, Sendable, CaseIterable {
    /// `WordService.createBook(title:)`.
    case createBook
    /// `WordService.deleteWord(_:)`.
    case deleteWord
    /// `WordService.fetchBooks()`.
    case fetchBooks
    /// `WordService.fetchDailyReviewCounts(in:from:to:)`.
    case fetchDailyReviewCounts
    /// `WordService.fetchDueTimes(in:)`.
    case fetchDueTimes
    /// `WordService.fetchNewWordCount(in:since:)`.
    case fetchNewWordCount
    /// `WordService.fetchReviewLogs(in:after:limit:)`.
    case fetchReviewLogs
    /// `WordService.fetchReviews(of:)`.
    case fetchReviews
    /// `WordService.fetchReviewStatistics(of:at:)`.
    case fetchReviewStatistics
    /// `WordService.fetchRoundCounts(at:)`.
    case fetchRoundCounts
    /// `WordService.fetchSchedule(in:dueBy:after:limit:)`.
    case fetchSchedule
    /// `WordService.fetchTallies()`.
    case fetchTallies
    /// `WordService.fetchWords(in:)`.
    case fetchWords
    /// `WordService.fetchWords(in:after:limit:)`.
    case fetchWordsPage
    /// `WordService.importReviews(_:)`.
    case importReviews
    /// `WordService.importReviews(into:byTerm:)`.
    case importReviewsByTerm
    /// `WordService.importWords(intoBookTitled:onDuplicate:progress:rows:)`.
    case importWords
    /// `WordService.recordReview(_:of:)`.
    case recordReview
    /// `WordService.removeLastReview(of:restoring:)`.
    case removeLastReview
    /// `WordService.renameBook(_:to:)`.
    case renameBook
    /// `WordService.reviewSettings()`.
    case reviewSettings
    /// `WordService.deleteBook(_:)`.
    case deleteBook
    /// `WordService.lastStudiedBook()`.
    case lastStudiedBook
    /// `WordService.setLastStudiedBook(_:)`.
    case setLastStudiedBook
    /// `WordService.setReviewSettings(_:)`.
    case setReviewSettings
    /// `WordService.setStudyMode(_:of:)`.
    case setStudyMode
    /// `WordService.saveWord(_:to:)`.
    case saveWord
    /// `WordService.searchWords(matching:in:after:limit:)`.
    case searchWords
    /// `WordService.updateStudyStates(_:)`.
    case updateStudyStates
    /// `WordService.updateWord(_:term:meaning:)`.
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
  private var callHooks: [Method: @Sendable (Int) async throws(WordServiceError) -> Void] = [:]

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

  /// Runs `action` before each later call of `method` reaches the wrapped service, after the
  /// call is counted and released from any hold, and before a scripted failure: throwing fails
  /// the call with that error, and awaiting delays it.
  ///
  /// ```swift
  /// // Every review after the second fails, as a full disk would.
  /// await service.onCall(.recordReview) { call throws(WordServiceError) in
  ///   if call > 2 { throw WordServiceError(.unavailable, "the disk is full") }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - method: The method.
  ///   - action: What to do, given the call's number among that method's calls, from 1; it
  ///     replaces an earlier action for `method`.
  public func onCall(
    _ method: Method,
    perform action: @escaping @Sendable (Int) async throws(WordServiceError) -> Void
  ) {
    callHooks[method] = action
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
  func script<Answer>(
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
    if let action = callHooks[method] { try await action(call.number) }
    if let error = failures.removeValue(forKey: call) { throw error }
    return try await answer()
  }
}
