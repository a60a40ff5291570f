import Wordbook

/// A test fault injector around a real ``WordService``: before delegating a call, it waits a
/// random delay and fails a share of calls with ``WordServiceError/Kind/unavailable``. A failed
/// call never reaches the service, so it changes nothing, exactly like a request that never
/// arrived.
///
/// It is not a stand-in for the product: every call that does not fail runs on `base`.
/// A test can also force the outcome of the next call, to script a failure at an exact step.
///
/// An actor rather than a class behind `Synchronization.Mutex`: the thread sanitizer does not
/// see that mutex's futex on Linux and reports the guarded accesses as races.
actor FaultInjectingWordService: WordService {
  /// How often calls fail and how long they wait.
  struct Plan: Sendable {
    var failureRate: Double = 0
    var latency: Duration = .zero
    var seed: UInt64 = 1
  }

  private struct Dice {
    var plan: Plan
    var generator: SplitMix64
    var forcedOutcome: Bool?
    var injectedFailures = 0
    var calls = 0
  }

  let base: any WordService
  private var dice: Dice

  init(base: any WordService, plan: Plan = Plan()) {
    self.base = base
    dice = Dice(plan: plan, generator: SplitMix64(seed: plan.seed))
  }

  /// Changes the plan for the calls from now on.
  func setPlan(_ plan: Plan) {
    dice.plan = plan
    dice.generator = SplitMix64(seed: plan.seed)
  }

  /// Makes the next call fail (`true`) or go through (`false`); `nil` leaves it to the plan.
  func forceNextOutcome(failing: Bool?) {
    dice.forcedOutcome = failing
  }

  /// How many calls were made, and how many of them were failed on purpose.
  var counts: (calls: Int, injectedFailures: Int) {
    (dice.calls, dice.injectedFailures)
  }

  private func roll(_ what: String) async throws(WordServiceError) {
    dice.calls += 1
    let plan = dice.plan
    var fails =
      plan.failureRate > 0
      && Double(dice.generator.next() >> 11) / Double(1 << 53) < plan.failureRate
    if let forced = dice.forcedOutcome {
      fails = forced
      dice.forcedOutcome = nil
    }
    var delay: UInt64 = 0
    if plan.latency > .zero {
      let nanoseconds =
        plan.latency.components.seconds * 1_000_000_000
        + plan.latency.components.attoseconds / 1_000_000_000
      delay = dice.generator.next(below: UInt64(max(nanoseconds, 1)) + 1)
    }
    if fails { dice.injectedFailures += 1 }
    if delay > 0 { try? await Task.sleep(for: .nanoseconds(delay)) }
    if fails {
      throw WordServiceError(.unavailable, "Injected fault: could not \(what). Try again.")
    }
  }

  /// The feed is not faulted: it reports what the base service did.
  nonisolated func changes() -> AsyncStream<[WordChange]> {
    base.changes()
  }

  func fetchBooks() async throws(WordServiceError) -> [WordBook] {
    try await roll("load the wordbooks")
    return try await base.fetchBooks()
  }

  func fetchWords(in bookID: WordBook.ID) async throws(WordServiceError) -> [Word] {
    try await roll("load the words")
    return try await base.fetchWords(in: bookID)
  }

  func createBook(title: String) async throws(WordServiceError) -> WordBook {
    try await roll("create the wordbook")
    return try await base.createBook(title: title)
  }

  func renameBook(_ bookID: WordBook.ID, to title: String) async throws(WordServiceError)
    -> WordBook
  {
    try await roll("rename the wordbook")
    return try await base.renameBook(bookID, to: title)
  }

  func deleteBook(_ bookID: WordBook.ID) async throws(WordServiceError) {
    try await roll("delete the wordbook")
    try await base.deleteBook(bookID)
  }

  func lastStudiedBook() async throws(WordServiceError) -> WordBook.ID? {
    try await roll("read the last studied wordbook")
    return try await base.lastStudiedBook()
  }

  func setLastStudiedBook(_ bookID: WordBook.ID) async throws(WordServiceError) {
    try await roll("remember the wordbook")
    try await base.setLastStudiedBook(bookID)
  }

  func saveWord(_ draft: WordDraft, to bookID: WordBook.ID) async throws(WordServiceError) -> Word {
    try await roll("save the word")
    return try await base.saveWord(draft, to: bookID)
  }

  func updateStudyStates(_ changes: [StudyStateChange]) async throws(WordServiceError) {
    try await roll("save the study marks")
    try await base.updateStudyStates(changes)
  }

  func updateWord(_ wordID: Word.ID, term: String, meaning: String)
    async throws(WordServiceError) -> Word
  {
    try await roll("save the word")
    return try await base.updateWord(wordID, term: term, meaning: meaning)
  }

  func searchWords(
    matching query: String, in bookID: WordBook.ID?, after: WordSearchHit?, limit: Int
  ) async throws(WordServiceError) -> [WordSearchHit] {
    try await roll("search the words")
    return try await base.searchWords(matching: query, in: bookID, after: after, limit: limit)
  }

  func deleteWord(_ wordID: Word.ID) async throws(WordServiceError) {
    try await roll("delete the word")
    try await base.deleteWord(wordID)
  }

  func importWords(
    intoBookTitled title: String,
    onDuplicate policy: DuplicatePolicy,
    progress: @escaping @Sendable (Int) -> Void,
    rows: ImportRows
  ) async throws(WordServiceError) -> ImportSummary {
    try await roll("import the words")
    return try await base.importWords(
      intoBookTitled: title, onDuplicate: policy, progress: progress, rows: rows)
  }

  func reviewSettings() async throws(WordServiceError) -> ReviewSettings {
    try await roll("read the settings")
    return try await base.reviewSettings()
  }

  func setReviewSettings(_ settings: ReviewSettings) async throws(WordServiceError) {
    try await roll("save the settings")
    try await base.setReviewSettings(settings)
  }

  func recordReview(_ review: Review, of wordID: Word.ID) async throws(WordServiceError)
    -> MemoryState
  {
    try await roll("save the review")
    return try await base.recordReview(review, of: wordID)
  }

  func removeLastReview(of wordID: Word.ID, restoring state: StudyState)
    async throws(WordServiceError) -> MemoryState
  {
    try await roll("remove the review")
    return try await base.removeLastReview(of: wordID, restoring: state)
  }

  func fetchRoundCounts(at time: Timestamp) async throws(WordServiceError)
    -> [WordBook.ID: RoundCounts]
  {
    try await roll("count the rounds")
    return try await base.fetchRoundCounts(at: time)
  }

  func setStudyMode(_ mode: StudyMode, of bookID: WordBook.ID) async throws(WordServiceError) {
    try await roll("remember the mode")
    try await base.setStudyMode(mode, of: bookID)
  }

  func fetchReviews(of wordID: Word.ID) async throws(WordServiceError) -> [Review] {
    try await roll("load the reviews")
    return try await base.fetchReviews(of: wordID)
  }

  func fetchSchedule(
    in bookID: WordBook.ID, dueBy time: Timestamp?, after last: ScheduledWord?, limit: Int
  ) async throws(WordServiceError) -> [ScheduledWord] {
    try await roll("load the schedule")
    return try await base.fetchSchedule(in: bookID, dueBy: time, after: last, limit: limit)
  }

  func fetchDailyReviewCounts(in bookID: WordBook.ID, from start: Timestamp, to end: Timestamp)
    async throws(WordServiceError) -> [DailyReviewCount]
  {
    try await roll("count the reviews")
    return try await base.fetchDailyReviewCounts(in: bookID, from: start, to: end)
  }

  func fetchNewWordCount(in bookID: WordBook.ID, since start: Timestamp)
    async throws(WordServiceError) -> Int
  {
    try await roll("count the new words")
    return try await base.fetchNewWordCount(in: bookID, since: start)
  }

  func importReviews(_ rows: ReviewImportRows) async throws(WordServiceError) -> Int {
    try await roll("import the reviews")
    return try await base.importReviews(rows)
  }

  func importReviews(into bookID: WordBook.ID, byTerm rows: TermReviewImportRows)
    async throws(WordServiceError) -> Int
  {
    try await roll("import the reviews")
    return try await base.importReviews(into: bookID, byTerm: rows)
  }
}
