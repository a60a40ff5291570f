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
    try await withLibrary { library throws(WordServiceError) in
      try library.inTransaction(.saveReview) { () throws(WordServiceError) in
        guard try library.wordExists(wordID) else { throw .wordNotFound(wordID) }
        let scheduler = ReviewScheduler(settings: try Self.reviewSettings(library).scheduler)
        let memory = (try library.memory(of: wordID) ?? WordMemory(for: wordID))
          .reviewed(review, by: scheduler)
        try library.appendReview(review, of: wordID)
        try library.setMemory(memory, of: wordID)
        return memory.state
      }
    }
  }

  /// Removes the word's last review and stores the state the rest of its log replays to.
  public func removeLastReview(of wordID: Word.ID) async throws(WordServiceError) -> MemoryState {
    try await withLibrary { library throws(WordServiceError) in
      try library.inTransaction(.saveReview) { () throws(WordServiceError) in
        guard try library.wordExists(wordID) else { throw .wordNotFound(wordID) }
        guard try library.deleteLastReview(of: wordID) else { return .new }
        let scheduler = ReviewScheduler(settings: try Self.reviewSettings(library).scheduler)
        let memory = WordMemory.replaying(
          try library.reviews(of: wordID), of: wordID, with: scheduler)
        try library.setMemory(memory, of: wordID)
        return memory.state
      }
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

  /// Adds a review history in one transaction: the reviews are staged in a temporary table,
  /// appended to the logs in one sorted insert, and the logs of the words they touch replayed.
  public func importReviews(_ rows: ReviewImportRows) async throws(WordServiceError) -> Int {
    if Task.isCancelled { throw .cancelled }
    let cancelled = CancellationFlag()
    let outcome = await withTaskCancellationHandler {
      // The rows run on the queue while this task waits, so they never outlive the call.
      await withoutActuallyEscaping(rows) { rows async -> Result<Int, WordServiceError> in
        do throws(WordServiceError) {
          return .success(try await importReviewsOnQueue(rows, cancelled))
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
    _ rows: @escaping ReviewImportRows, _ cancelled: CancellationFlag
  ) async throws(WordServiceError) -> Int {
    try await withLibrary { library throws(WordServiceError) in
      try library.inTransaction(.saveReview) { () throws(WordServiceError) in
        try library.clearImportedReviews()
        var count = 0
        try rows { batch throws(WordServiceError) in
          for row in batch { try library.stageImportedReview(row) }
          count += batch.count
          if cancelled.isSet { throw .cancelled }
        }
        if let unknown = try library.unknownImportedWord() { throw .wordNotFound(unknown) }
        try library.appendImportedReviews()
        let scheduler = ReviewScheduler(settings: try Self.reviewSettings(library).scheduler)
        try library.replayLogs(with: scheduler, onlyImported: true)
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
