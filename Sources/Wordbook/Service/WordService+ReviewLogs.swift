extension WordService {
  /// Returns one page of review logs by reading the book's (or every book's) schedule for its
  /// reviewed words and each word's log.
  ///
  /// - Complexity: O(*n* log *n*) for the *n* words of the books read, at every page, plus the
  ///   page's reviews.
  public func fetchReviewLogs(in bookID: WordBook.ID?, after word: Word.ID?, limit: Int)
    async throws(WordServiceError) -> [WordReviewLog]
  {
    var books = [WordBook.ID]()
    if let bookID { books = [bookID] } else { books = try await fetchBooks().map(\.id) }
    var reviewed: [Word.ID] = []
    for book in books {
      for line in try await fetchSchedule(in: book, dueBy: nil)
      where line.memory.phase != .new && word.map({ line.word.id > $0 }) ?? true {
        reviewed.append(line.word.id)
      }
    }
    var logs: [WordReviewLog] = []
    for wordID in reviewed.sorted().prefix(limit) {
      logs.append(WordReviewLog(wordID: wordID, reviews: try await fetchReviews(of: wordID)))
    }
    return logs
  }

  /// Reads the review logs of a book, or of every book, page by page into a
  /// ``ReviewHistory`` for ``ParameterOptimizer`` to score or fit parameters with.
  ///
  /// ```swift
  /// let history = try await service.fetchReviewHistory(in: book.id, at: now)
  /// let fit = try ParameterOptimizer(history: history).fit()
  /// ```
  ///
  /// - Parameters:
  ///   - bookID: The book, or `nil` for every book.
  ///   - time: The moment of the history: a review after it leaves its log out, named in
  ///     ``ReviewHistory/problem``, unless `ignoringLaterReviews`.
  ///   - ignoringLaterReviews: Whether to read each log up to `time` alone, as statistics at a
  ///     past moment do.
  /// - Returns: The history.
  /// - Throws: ``WordServiceError/Kind/notFound`` when `bookID` names no book;
  ///   ``WordServiceError/cancelled`` when the calling task is cancelled.
  /// - Complexity: O(*r*) for *r* reviews, read 4,096 words at a time.
  public func fetchReviewHistory(
    in bookID: WordBook.ID?, at time: Timestamp, ignoringLaterReviews: Bool = false
  ) async throws(WordServiceError) -> ReviewHistory {
    var history = ReviewHistory(now: time)
    var last: Word.ID?
    while true {
      let page = try await fetchReviewLogs(in: bookID, after: last, limit: 4096)
      for log in page {
        history.append(
          ignoringLaterReviews ? log.reviews.filter { $0.time <= time } : log.reviews,
          of: log.wordID)
      }
      guard page.count == 4096 else { return history }
      guard !Task.isCancelled else { throw .cancelled }
      last = page.last?.wordID
    }
  }

  /// How well the store's scheduler parameters predict a book's reviews up to `time`: what a
  /// front end shows beside a book's statistics.
  ///
  /// ```swift
  /// let prediction = try await service.fetchParameterEvaluation(in: book.id, at: now)
  /// prediction?.rmseBins  // 0.055
  /// ```
  ///
  /// - Parameters:
  ///   - bookID: The book, or `nil` for every book.
  ///   - time: The moment; later reviews are not read.
  /// - Returns: The evaluation of ``reviewSettings()``'s parameters, or `nil` when no review
  ///   came a day or more after the one before. Logs whose times go back are left out.
  /// - Throws: ``WordServiceError/Kind/notFound`` when `bookID` names no book.
  /// - Complexity: O(*r* log *r*) for the *r* reviews read.
  public func fetchParameterEvaluation(in bookID: WordBook.ID?, at time: Timestamp)
    async throws(WordServiceError) -> ParameterEvaluation?
  {
    let parameters = try await reviewSettings().scheduler.parameters
    let history = try await fetchReviewHistory(in: bookID, at: time, ignoringLaterReviews: true)
    return ParameterOptimizer(history: history).evaluation(of: parameters)
  }
}
