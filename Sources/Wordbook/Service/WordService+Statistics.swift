extension WordService {
  /// Gathers a book's ``ReviewStatistics`` at `time`: its schedule read page by page, so memory
  /// stays flat at any book size, and its reviews counted by day in one call.
  ///
  /// ```swift
  /// let statistics = try await service.fetchReviewStatistics(of: book.id, at: now)
  /// ```
  ///
  /// - Parameters:
  ///   - bookID: The book.
  ///   - time: The moment to describe; reviews after it are not counted.
  /// - Returns: The book's statistics, retrievability predicted with ``reviewSettings()``.
  /// - Throws: ``WordServiceError/Kind/notFound`` when the book does not exist.
  /// - Complexity: O(*n* + *r*) for *n* words and *r* reviews in the book.
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
    gathering.addReviews(
      try await fetchDailyReviewCounts(
        in: bookID, from: gathering.statistics.historyStart, to: time.advanced(by: 1)))
    return gathering.finished
  }
}

extension ReviewStatistics {
  /// A book's statistics as a service gathers them: each reviewed word's due time and
  /// retrievability, then the reviews counted by day. A service that can read its reviewed
  /// words alone, without their text, fills one itself.
  package struct Gathering {
    /// The statistics so far.
    package private(set) var statistics: ReviewStatistics
    private let scheduler: ReviewScheduler
    private var retrievability = (sum: 0.0, count: 0)

    /// Statistics at `time`, retrievability predicted with `settings`.
    package init(at time: Timestamp, settings: SchedulerSettings) {
      statistics = ReviewStatistics(time: time)
      scheduler = ReviewScheduler(settings: settings)
    }

    /// Counts a reviewed word: when it falls due, and its chance of recall now.
    package mutating func addReviewedWord(due: Timestamp, lastReview: Timestamp, stability: Double)
    {
      statistics.countDue(due)
      retrievability.sum += scheduler.retrievability(
        stability: stability, lastReview: lastReview, at: statistics.time)
      retrievability.count += 1
    }

    /// Counts the reviews of each day.
    package mutating func addReviews(_ counts: [DailyReviewCount]) {
      for count in counts { statistics.countReviews(count) }
    }

    /// The statistics, their average retrievability that of the words counted.
    package var finished: ReviewStatistics {
      var statistics = statistics
      if retrievability.count > 0 {
        statistics.averageRetrievability = retrievability.sum / Double(retrievability.count)
      }
      return statistics
    }
  }
}
