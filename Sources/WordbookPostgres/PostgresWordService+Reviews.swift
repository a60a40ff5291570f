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
    try await withLibrary { library throws(WordServiceError) in
      try Self.reviewSettings(library)
    }
  }

  /// Keeps the user's review settings; when the scheduler's settings change, replays every
  /// word's log with them in the same transaction.
  public func setReviewSettings(_ settings: ReviewSettings) async throws(WordServiceError) {
    let encoded: String
    do {
      encoded = String(decoding: try JSONEncoder().encode(settings), as: UTF8.self)
    } catch {
      throw WordServiceError.storage(
        .other, .system(detail: "\(error)"), during: .saveSettings, path: location)
    }
    try await withLibrary { library throws(WordServiceError) in
      try library.inTransaction(.saveSettings) { () throws(WordServiceError) in
        let old = try Self.reviewSettings(library)
        try library.query(
          """
          INSERT INTO settings (user_id, key, value) VALUES ($1, $2, 0)
          ON CONFLICT (user_id, key) DO NOTHING
          """, [.text(Self.reviewSettingsKey)], .saveSettings)
        try library.query(
          "UPDATE settings SET text_value = $3 WHERE user_id = $1 AND key = $2",
          [.text(Self.reviewSettingsKey), .text(encoded)], .saveSettings)
        if old.scheduler != settings.scheduler {
          try library.replayLogs(with: ReviewScheduler(settings: settings.scheduler))
        }
      }
    }
  }

  /// Appends a review to the word's log and stores the state it gives, in one transaction.
  public func recordReview(_ review: Review, of wordID: Word.ID) async throws(WordServiceError)
    -> MemoryState
  {
    _ = try WordServiceError.validReview(review)
    return try await withLibrary { library throws(WordServiceError) in
      try library.inTransaction(.saveReview) { () throws(WordServiceError) in
        guard try library.wordExists(wordID) else { throw .wordNotFound(wordID) }
        if let id = review.id, let (held, userID) = try library.review(withID: id) {
          guard userID == library.userID, held == WordReview(wordID: wordID, review: review)
          else { throw WordServiceError(.invalidInput, reason: .reviewIDTaken(id)) }
          return try library.memory(of: wordID)?.state ?? .new
        }
        let scheduler = ReviewScheduler(settings: try Self.reviewSettings(library).scheduler)
        let current = try library.memory(of: wordID) ?? WordMemory(for: wordID)
        // A review from before the last one is replayed in its place, and leaves the mark of
        // the later one.
        let inOrder = current.takesInOrder(review)
        let memory = try current.recording(review, of: wordID, by: scheduler) {
          () throws(WordServiceError) in try library.reviews(of: wordID)
        }
        try library.appendReview(review, of: wordID)
        try library.setMemory(memory, of: wordID)
        if inOrder { try library.setStudyState(review.studyState, of: wordID) }
        return memory.state
      }
    }
  }

  /// Removes the word's last review and stores the state the rest of its log replays to.
  public func removeLastReview(of wordID: Word.ID, restoring state: StudyState)
    async throws(WordServiceError) -> MemoryState
  {
    try await withLibrary { library throws(WordServiceError) in
      try library.inTransaction(.saveReview) { () throws(WordServiceError) in
        guard try library.wordExists(wordID) else { throw .wordNotFound(wordID) }
        try library.setStudyState(state, of: wordID)
        guard try library.deleteLastReview(of: wordID) else { return .new }
        let scheduler = ReviewScheduler(settings: try Self.reviewSettings(library).scheduler)
        let memory = WordMemory.replaying(
          try library.reviews(of: wordID), of: wordID, with: scheduler)
        try library.setMemory(memory, of: wordID)
        return memory.state
      }
    }
  }

  /// Counts what a Due round of each of the user's books would hold at `time`.
  public func fetchRoundCounts(at time: Timestamp) async throws(WordServiceError)
    -> [WordBook.ID: RoundCounts]
  {
    try await withLibrary { library throws(WordServiceError) in
      try library.connection.inTransaction(.loadReviews) { () throws(WordServiceError) in
        let settings = try Self.reviewSettings(library)
        return try library.roundCounts(
          at: time, learnAhead: time.advanced(by: settings.learnAheadLimit.components.seconds),
          newWordsPerDay: settings.newWordsPerDay)
      }
    }
  }

  /// Remembers the study mode a book was left in.
  public func setStudyMode(_ mode: StudyMode, of bookID: WordBook.ID)
    async throws(WordServiceError)
  {
    try await withLibrary { library throws(WordServiceError) in
      guard try library.setStudyMode(mode, of: bookID) else { throw .bookNotFound(bookID) }
    }
  }

  /// Returns a word's review log, in the order the reviews were recorded.
  public func fetchReviews(of wordID: Word.ID) async throws(WordServiceError) -> [Review] {
    try await withLibrary { library throws(WordServiceError) in
      try library.connection.inTransaction(.loadReviews) { () throws(WordServiceError) in
        guard try library.wordExists(wordID) else { throw .wordNotFound(wordID) }
        return try library.reviews(of: wordID)
      }
    }
  }

  /// Returns one page of the user's review logs in one query.
  public func fetchReviewLogs(in bookID: WordBook.ID?, after word: Word.ID?, limit: Int)
    async throws(WordServiceError) -> [WordReviewLog]
  {
    try await withLibrary { library throws(WordServiceError) in
      try library.connection.inTransaction(.loadReviews) { () throws(WordServiceError) in
        if let bookID, try !library.bookExists(bookID) { throw .bookNotFound(bookID) }
        return try library.reviewLogs(in: bookID, after: word, limit: limit)
      }
    }
  }

  /// Returns one page of a book's words with their stored memory states.
  public func fetchSchedule(
    in bookID: WordBook.ID, dueBy time: Timestamp?, after last: ScheduledWord?, limit: Int
  ) async throws(WordServiceError) -> [ScheduledWord] {
    try await withLibrary { library throws(WordServiceError) in
      try library.connection.inTransaction(.loadReviews) { () throws(WordServiceError) in
        guard try library.bookExists(bookID) else { throw .bookNotFound(bookID) }
        return try library.schedule(in: bookID, dueBy: time, after: last, limit: limit)
      }
    }
  }

  /// Counts a book's reviews day by day in one grouped query over its words' logs.
  public func fetchDailyReviewCounts(
    in bookID: WordBook.ID, from start: Timestamp, to end: Timestamp
  ) async throws(WordServiceError) -> [DailyReviewCount] {
    try await withLibrary { library throws(WordServiceError) in
      try library.connection.inTransaction(.loadReviews) { () throws(WordServiceError) in
        guard try library.bookExists(bookID) else { throw .bookNotFound(bookID) }
        return try library.dailyReviewCounts(in: bookID, from: start, to: end)
      }
    }
  }

  /// Counts a book's words first reviewed at or after `start`, from the index of the user's
  /// last review times: only the words reviewed since are read.
  public func fetchNewWordCount(in bookID: WordBook.ID, since start: Timestamp)
    async throws(WordServiceError) -> Int
  {
    try await withLibrary { library throws(WordServiceError) in
      try library.connection.inTransaction(.loadReviews) { () throws(WordServiceError) in
        guard try library.bookExists(bookID) else { throw .bookNotFound(bookID) }
        return try library.newWordCount(in: bookID, since: start)
      }
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
      guard try library.bookExists(bookID) else { throw .bookNotFound(bookID) }
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
    try await withLibrary { library throws(WordServiceError) in
      try library.inTransaction(.saveReview) { () throws(WordServiceError) in
        try library.clearImportedReviews()
        var count = 0
        try stageAll(library) { batch throws(WordServiceError) in
          for row in batch {
            _ = try WordServiceError.validReview(row.review)
            try library.stageImportedReview(row)
          }
          count += batch.count
          if cancelled.isSet { throw .cancelled }
        }
        if let unknown = try library.unknownImportedWord() { throw .wordNotFound(unknown) }
        try library.appendImportedReviews()
        let scheduler = ReviewScheduler(settings: try Self.reviewSettings(library).scheduler)
        try library.replayLogs(with: scheduler, onlyImported: true)
        try library.setImportedStudyStates()
        try library.clearImportedReviews()
        return count
      }
    }
  }

  /// The user's stored review settings, or the standard ones when none were stored.
  static func reviewSettings(_ library: UserLibrary) throws(WordServiceError) -> ReviewSettings {
    let rows = try library.query(
      "SELECT text_value FROM settings WHERE user_id = $1 AND key = $2",
      [.text(reviewSettingsKey)], .readSettings)
    guard rows.count == 1, let text = rows.optionalText(0, 0) else { return .standard }
    do {
      return try JSONDecoder().decode(ReviewSettings.self, from: Data(text.utf8))
    } catch {
      throw WordServiceError.storage(
        .corrupted, .damaged(detail: "unreadable review settings: \(error)"),
        during: .readSettings, path: library.connection.location)
    }
  }

  /// The `settings` key of the review settings, a JSON object in `text_value`.
  private static let reviewSettingsKey = "review_settings"
}
