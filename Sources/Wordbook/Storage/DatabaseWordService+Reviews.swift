// The comments below are the services' documentation (see `DatabaseWordService`): they name
// other symbols in code spans, since links would resolve in the services' modules.

/// The calls of the review logs: a rule of `WordStorage+Reviews`, or a query of
/// `DatabaseStorage` after the not-found check, in one transaction.
extension DatabaseWordService {
  /// Keeps the review settings; when the scheduler's settings change, replays every word's
  /// log with them in the same transaction.
  ///
  /// - Complexity: O(*r* log *n*) for *r* reviews of *n* words when the scheduler changes.
  @_documentation(visibility: public)
  public func setReviewSettings(_ settings: ReviewSettings) async throws(WordServiceError) {
    try await inTransaction(.writing(.saveSettings)) { storage throws(WordServiceError) in
      try storage.saveReviewSettings(settings)
    }
  }

  /// Appends a review to the word's log and stores the state it gives, in one transaction.
  ///
  /// - Complexity: O(log *n*): the word's stored state is read and written, never its log.
  @_documentation(visibility: public)
  public func recordReview(_ review: Review, of wordID: Word.ID) async throws(WordServiceError)
    -> MemoryState
  {
    try await inTransaction(.writing(.saveReview)) { storage throws(WordServiceError) in
      try storage.recordReview(review, of: wordID)
    }
  }

  /// Removes the word's last review and stores the state the rest of its log replays to.
  ///
  /// - Complexity: O(*k*) for a word with *k* reviews.
  @_documentation(visibility: public)
  public func removeLastReview(of wordID: Word.ID, restoring state: StudyState)
    async throws(WordServiceError) -> MemoryState
  {
    try await inTransaction(.writing(.saveReview)) { storage throws(WordServiceError) in
      try storage.removeLastReview(of: wordID, restoring: state)
    }
  }

  /// Returns a word's review log, in the order the reviews were recorded.
  @_documentation(visibility: public)
  public func fetchReviews(of wordID: Word.ID) async throws(WordServiceError) -> [Review] {
    try await inTransaction(.readingAnyUpToDateCopy(.loadReviews)) {
      storage throws(WordServiceError) in
      try storage.fetchReviews(of: wordID)
    }
  }

  /// Returns one page of review logs in one query over the words' index and the log's.
  ///
  /// - Complexity: O(*limit* log *n* + *k*) for a page of *k* reviews, after the words
  ///   without reviews it passes over.
  @_documentation(visibility: public)
  public func fetchReviewLogs(in bookID: WordBook.ID?, after word: Word.ID?, limit: Int)
    async throws(WordServiceError) -> [WordReviewLog]
  {
    try await inTransaction(.readingAnyUpToDateCopy(.loadReviews)) {
      storage throws(WordServiceError) in
      if let bookID { try storage.requireBook(bookID) }
      return try storage.reviewLogs(in: bookID, after: word, limit: limit)
    }
  }

  /// Returns one page of a book's words with their stored memory states; the due words come
  /// from the index on the due time, every word from the book's index.
  ///
  /// - Complexity: O(*limit* log *n*) for a page of the whole book; a page of the due words
  ///   reads the due words of every book up to it.
  @_documentation(visibility: public)
  public func fetchSchedule(
    in bookID: WordBook.ID, dueBy time: Timestamp?, after last: ScheduledWord?, limit: Int
  ) async throws(WordServiceError) -> [ScheduledWord] {
    try await inTransaction(.readingAnyUpToDateCopy(.loadReviews)) {
      storage throws(WordServiceError) in
      try storage.requireBook(bookID)
      return try storage.schedule(in: bookID, dueBy: time, after: last, limit: limit)
    }
  }

  /// Counts what a Due round of each book would hold at `time`, from the due index, the index
  /// of last reviews, and as many words never reviewed as the day has room for.
  @_documentation(visibility: public)
  public func fetchRoundCounts(at time: Timestamp) async throws(WordServiceError)
    -> [WordBook.ID: RoundCounts]
  {
    try await inTransaction(.reading(.loadReviews)) { storage throws(WordServiceError) in
      let settings = try storage.reviewSettings()
      return try storage.roundCounts(
        at: time, learnAhead: time.advanced(by: settings.learnAheadLimit.components.seconds),
        newWordsPerDay: settings.newWordsPerDay)
    }
  }

  /// Counts a book's words first reviewed at or after `start`, from the index of last review
  /// times: only the words reviewed since are read.
  @_documentation(visibility: public)
  public func fetchNewWordCount(in bookID: WordBook.ID, since start: Timestamp)
    async throws(WordServiceError) -> Int
  {
    try await inTransaction(.reading(.loadReviews)) { storage throws(WordServiceError) in
      try storage.requireBook(bookID)
      return try storage.newWordCount(in: bookID, since: start)
    }
  }

  /// Counts a book's reviews day by day in one grouped query over its words' logs.
  ///
  /// - Complexity: O(*r*) for the *r* reviews of the book's words, read through the book's and
  ///   the log's indexes.
  @_documentation(visibility: public)
  public func fetchDailyReviewCounts(
    in bookID: WordBook.ID, from start: Timestamp, to end: Timestamp
  ) async throws(WordServiceError) -> [DailyReviewCount] {
    try await inTransaction(.readingAnyUpToDateCopy(.loadReviews)) {
      storage throws(WordServiceError) in
      try storage.requireBook(bookID)
      return try storage.dailyReviewCounts(in: bookID, from: start, to: end)
    }
  }
}
