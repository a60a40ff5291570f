extension WordService {
  /// Gathers a book's ``ReviewStatistics`` at `time`: its schedule read page by page, so memory
  /// stays flat at any book size, then its review logs page by page, read once for both the
  /// reviews of each day and the prediction.
  ///
  /// ```swift
  /// let statistics = try await service.fetchReviewStatistics(of: book.id, at: now)
  /// ```
  ///
  /// - Parameters:
  ///   - bookID: The book.
  ///   - time: The moment to describe; reviews after it are not counted.
  /// - Returns: The book's statistics, retrievability predicted with ``reviewSettings()``.
  /// - Throws: ``WordServiceError/Kind/notFound`` when the book does not exist;
  ///   ``WordServiceError/cancelled`` when the calling task is cancelled.
  /// - Complexity: O(*n* + *r* log *r*) for *n* words and *r* reviews in the book; memory
  ///   holds the reviews' numbers, 13 bytes a review.
  public func fetchReviewStatistics(of bookID: WordBook.ID, at time: Timestamp)
    async throws(WordServiceError) -> ReviewStatistics
  {
    var gathering = ReviewStatistics.Gathering(
      at: time, settings: try await reviewSettings().scheduler)
    var last: ScheduledWord?
    while true {
      let page = try await fetchSchedule(in: bookID, dueBy: nil, after: last, limit: 4096)
      for line in page {
        guard let due = line.memory.due, let lastReview = line.memory.lastReview else { continue }
        gathering.addReviewedWord(
          due: due, lastReview: lastReview, stability: line.memory.stability)
      }
      guard page.count == 4096 else { break }
      last = page.last
    }
    var lastLogged: Word.ID?
    while true {
      let page = try await fetchReviewLogs(in: bookID, after: lastLogged, limit: 4096)
      for log in page {
        for review in log.reviews { gathering.addReview(review, of: log.wordID) }
      }
      guard page.count == 4096 else { break }
      guard !Task.isCancelled else { throw .cancelled }
      lastLogged = page.last?.wordID
    }
    return gathering.finish()
  }
}

extension ReviewStatistics {
  /// A book's statistics as a service gathers them: each reviewed word's due time and
  /// retrievability, then every review, word by word in the order recorded, counted by day and
  /// kept for the prediction. A service that can read its reviewed words and its reviews alone,
  /// without their text, fills one itself.
  package struct Gathering {
    /// The statistics so far.
    package private(set) var statistics: ReviewStatistics
    private let scheduler: ReviewScheduler
    private let parameters: [Double]
    private var retrievability = (sum: 0.0, count: 0)
    /// The logs read so far, up to ``statistics``' time.
    private var history: ReviewHistory
    /// The log being read: its word and its reviews so far, up to ``statistics``' time.
    private var log: (word: Word.ID?, reviews: [Review]) = (nil, [])

    /// Statistics at `time`, retrievability and the prediction from `settings`.
    package init(at time: Timestamp, settings: SchedulerSettings) {
      statistics = ReviewStatistics(time: time)
      scheduler = ReviewScheduler(settings: settings)
      parameters = settings.parameters
      history = ReviewHistory(now: time)
    }

    /// Counts a reviewed word: when it falls due, and its chance of recall now.
    package mutating func addReviewedWord(due: Timestamp, lastReview: Timestamp, stability: Double)
    {
      statistics.countDue(due)
      retrievability.sum += scheduler.retrievability(
        stability: stability, lastReview: lastReview, at: statistics.time)
      retrievability.count += 1
    }

    /// Counts a review on its day and keeps it for the prediction; a word's reviews come
    /// together, in any order (the prediction replays them in time order).
    package mutating func addReview(_ review: Review, of wordID: Word.ID) {
      if log.word != wordID {
        endLog()
        log.word = wordID
      }
      statistics.countReview(at: review.time)
      if review.time <= statistics.time { log.reviews.append(review) }
    }

    /// The statistics, their average retrievability that of the words counted and their
    /// prediction that of the reviews added.
    package mutating func finish() -> ReviewStatistics {
      endLog()
      var statistics = statistics
      if retrievability.count > 0 {
        statistics.averageRetrievability = retrievability.sum / Double(retrievability.count)
      }
      statistics.prediction = ParameterOptimizer(history: history).evaluation(of: parameters)
      return statistics
    }

    /// Puts the log being read into the history, keeping its storage for the next.
    private mutating func endLog() {
      guard let word = log.word else { return }
      history.append(log.reviews.inTimeOrder(), of: word)
      log.reviews.removeAll(keepingCapacity: true)
      log.word = nil
    }
  }
}
