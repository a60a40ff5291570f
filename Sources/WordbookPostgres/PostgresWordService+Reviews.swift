import Wordbook

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension PostgresWordService {
  /// Returns the user's review settings, kept as JSON in a `settings` row.
  ///
  /// - Throws: `WordServiceError` of kind `.corrupted` when the stored settings cannot be read.
  public func reviewSettings() async throws(WordServiceError) -> ReviewSettings {
    try await withLibrary { library throws(WordServiceError) in try library.reviewSettings() }
  }

  /// Keeps the user's review settings; when the scheduler's settings change, replays every
  /// word's log with them in the same transaction.
  public func setReviewSettings(_ settings: ReviewSettings) async throws(WordServiceError) {
    try await writing(.saveSettings) { library throws(WordServiceError) in
      try library.saveReviewSettings(settings)
    }
  }

  /// Appends a review to the word's log and stores the state it gives, in one transaction.
  public func recordReview(_ review: Review, of wordID: Word.ID) async throws(WordServiceError)
    -> MemoryState
  {
    try await writing(.saveReview) { library throws(WordServiceError) in
      try library.recordReview(review, of: wordID)
    }
  }

  /// Removes the word's last review and stores the state the rest of its log replays to.
  public func removeLastReview(of wordID: Word.ID, restoring state: StudyState)
    async throws(WordServiceError) -> MemoryState
  {
    try await writing(.saveReview) { library throws(WordServiceError) in
      try library.removeLastReview(of: wordID, restoring: state)
    }
  }

  /// Counts what a Due round of each of the user's books would hold at `time`.
  public func fetchRoundCounts(at time: Timestamp) async throws(WordServiceError)
    -> [WordBook.ID: RoundCounts]
  {
    try await reading(.loadReviews) { library throws(WordServiceError) in
      let settings = try library.reviewSettings()
      return try library.roundCounts(
        at: time, learnAhead: time.advanced(by: settings.learnAheadLimit.components.seconds),
        newWordsPerDay: settings.newWordsPerDay)
    }
  }

  /// Remembers the study mode a book was left in.
  public func setStudyMode(_ mode: StudyMode, of bookID: WordBook.ID)
    async throws(WordServiceError)
  {
    try await withLibrary { library throws(WordServiceError) in
      try library.setStudyMode(mode, of: bookID)
    }
  }

  /// Returns a word's review log, in the order the reviews were recorded.
  public func fetchReviews(of wordID: Word.ID) async throws(WordServiceError) -> [Review] {
    try await readingFromReplica(.loadReviews) { library throws(WordServiceError) in
      try library.fetchReviews(of: wordID)
    }
  }

  /// Returns one page of the user's review logs in one query.
  public func fetchReviewLogs(in bookID: WordBook.ID?, after word: Word.ID?, limit: Int)
    async throws(WordServiceError) -> [WordReviewLog]
  {
    try await readingFromReplica(.loadReviews) { library throws(WordServiceError) in
      if let bookID { try library.requireBook(bookID) }
      return try library.reviewLogs(in: bookID, after: word, limit: limit)
    }
  }

  /// Returns one page of a book's words with their stored memory states.
  public func fetchSchedule(
    in bookID: WordBook.ID, dueBy time: Timestamp?, after last: ScheduledWord?, limit: Int
  ) async throws(WordServiceError) -> [ScheduledWord] {
    try await readingFromReplica(.loadReviews) { library throws(WordServiceError) in
      try library.requireBook(bookID)
      return try library.schedule(in: bookID, dueBy: time, after: last, limit: limit)
    }
  }

  /// Counts a book's reviews day by day in one grouped query over its words' logs.
  public func fetchDailyReviewCounts(
    in bookID: WordBook.ID, from start: Timestamp, to end: Timestamp
  ) async throws(WordServiceError) -> [DailyReviewCount] {
    try await readingFromReplica(.loadReviews) { library throws(WordServiceError) in
      try library.requireBook(bookID)
      return try library.dailyReviewCounts(in: bookID, from: start, to: end)
    }
  }

  /// Counts a book's words first reviewed at or after `start`, from the index of the user's
  /// last review times: only the words reviewed since are read.
  public func fetchNewWordCount(in bookID: WordBook.ID, since start: Timestamp)
    async throws(WordServiceError) -> Int
  {
    try await reading(.loadReviews) { library throws(WordServiceError) in
      try library.requireBook(bookID)
      return try library.newWordCount(in: bookID, since: start)
    }
  }

  /// Adds a review history in one transaction: the reviews are staged in a temporary table,
  /// appended to the logs in one sorted insert, and the logs of the words they touch replayed.
  public func importReviews(_ rows: ReviewImportRows) async throws(WordServiceError) -> Int {
    try await importingReviews { _, stage throws(WordServiceError) in
      // `stage` may not be passed on as it is to `rows`, whose own argument cannot escape.
      try withoutActuallyEscaping(stage) { stage throws(WordServiceError) in try rows(stage) }
    }
  }

  /// Adds a review history that names its words by term to a book's logs in one transaction,
  /// as ``importReviews(_:)`` does: each batch's new terms are looked up in one query on the
  /// (book, term key) index, so memory holds a batch and a bounded number of terms' words.
  public func importReviews(into bookID: WordBook.ID, byTerm rows: TermReviewImportRows)
    async throws(WordServiceError) -> Int
  {
    try await importingReviews { library, stage throws(WordServiceError) in
      try library.requireBook(bookID)
      var matcher = ReviewedTermMatcher()
      try matcher.match(rows, into: stage) { keys throws(WordServiceError) in
        try library.words(withTermKeys: keys, in: bookID)
      }
    }
  }

  /// A review import: `stageAll`, run on the queue inside the import's transaction, writes the
  /// reviews to stage; the call returns how many were added.
  private func importingReviews(
    _ stageAll:
      @Sendable (
        UserLibrary, _ stage: ([WordReview]) throws(WordServiceError) -> Void
      ) throws(WordServiceError) -> Void
  ) async throws(WordServiceError) -> Int {
    if Task.isCancelled { throw .cancelled }
    let cancelled = CancellationFlag()
    let outcome = await withTaskCancellationHandler {
      // The rows run on the queue while this task waits, so they never outlive the call.
      await withoutActuallyEscaping(stageAll) { stageAll async -> Result<Int, WordServiceError> in
        do throws(WordServiceError) {
          return .success(try await importReviewsOnQueue(stageAll, cancelled))
        } catch {
          return .failure(error)
        }
      }
    } onCancel: {
      cancelled.set()
    }
    return try outcome.get()
  }

  /// The review import's transaction, on the service's queue.
  private func importReviewsOnQueue(
    _ stageAll:
      @escaping @Sendable (
        UserLibrary, _ stage: ([WordReview]) throws(WordServiceError) -> Void
      ) throws(WordServiceError) -> Void,
    _ cancelled: CancellationFlag
  ) async throws(WordServiceError) -> Int {
    try await writing(.saveReview) { library throws(WordServiceError) in
      try library.importReviews(
        staging: { stage throws(WordServiceError) in try stageAll(library, stage) },
        isCancelled: { cancelled.isSet })
    }
  }
}
