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
    var statistics = ReviewStatistics(time: time)
    let scheduler = ReviewScheduler(settings: try await reviewSettings().scheduler)
    var retrievability = (sum: 0.0, count: 0)
    var last: ScheduledWord?
    while true {
      let page = try await fetchSchedule(in: bookID, dueBy: nil, after: last, limit: 4096)
      for line in page where line.memory.phase != .new {
        statistics.countDue(line.memory.due)
        retrievability.sum += scheduler.retrievability(of: line.memory, at: time)
        retrievability.count += 1
      }
      guard page.count == 4096 else { break }
      last = page.last
    }
    if retrievability.count > 0 {
      statistics.averageRetrievability = retrievability.sum / Double(retrievability.count)
    }
    let counts = try await fetchDailyReviewCounts(
      in: bookID, from: statistics.historyStart, to: time.advanced(by: 1))
    for count in counts { statistics.countReviews(count) }
    return statistics
  }
}
