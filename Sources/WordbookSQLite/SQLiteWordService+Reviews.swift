import Wordbook

extension SQLiteWordService {
  /// Returns the review settings kept in the database's `settings` table.
  ///
  /// - Throws: `WordServiceError` of kind `.corrupted` when the stored settings cannot be read.
  public func reviewSettings() async throws(WordServiceError) -> ReviewSettings {
    try await withConnection { connection throws(WordServiceError) in
      try connection.reviewSettings()
    }
  }

  /// Keeps the review settings; when the scheduler's settings change, replays every word's
  /// log with them in the same transaction.
  ///
  /// - Complexity: O(*r* log *n*) for *r* reviews of *n* words when the scheduler changes.
  public func setReviewSettings(_ settings: ReviewSettings) async throws(WordServiceError) {
    try await writing(.saveSettings) { connection throws(WordServiceError) in
      try connection.saveReviewSettings(settings)
    }
  }

  /// Appends a review to the word's log and stores the state it gives, in one transaction.
  ///
  /// - Complexity: O(log *n*): the word's stored state is read and written, never its log.
  public func recordReview(_ review: Review, of wordID: Word.ID) async throws(WordServiceError)
    -> MemoryState
  {
    try await writing(.saveReview) { connection throws(WordServiceError) in
      try connection.recordReview(review, of: wordID)
    }
  }

  /// Removes the word's last review and stores the state the rest of its log replays to.
  ///
  /// - Complexity: O(*k*) for a word with *k* reviews.
  public func removeLastReview(of wordID: Word.ID, restoring state: StudyState)
    async throws(WordServiceError) -> MemoryState
  {
    try await writing(.saveReview) { connection throws(WordServiceError) in
      try connection.removeLastReview(of: wordID, restoring: state)
    }
  }

  /// Returns a word's review log, in the order the reviews were recorded.
  public func fetchReviews(of wordID: Word.ID) async throws(WordServiceError) -> [Review] {
    try await reading(.loadReviews) { connection throws(WordServiceError) in
      try connection.fetchReviews(of: wordID)
    }
  }

  /// Returns one page of review logs in one query over the words' index and the log's.
  ///
  /// - Complexity: O(*limit* log *n* + *k*) for a page of *k* reviews, after the words
  ///   without reviews it passes over.
  public func fetchReviewLogs(in bookID: WordBook.ID?, after word: Word.ID?, limit: Int)
    async throws(WordServiceError) -> [WordReviewLog]
  {
    try await reading(.loadReviews) { connection throws(WordServiceError) in
      if let bookID { try connection.requireBook(bookID) }
      return try connection.reviewLogs(in: bookID, after: word, limit: limit)
    }
  }

  /// Returns one page of a book's words with their stored memory states; the due words come
  /// from the index on the due time, every word from the book's index.
  ///
  /// - Complexity: O(*limit* log *n*) for a page of the whole book; a page of the due words
  ///   reads the due words of every book up to it.
  public func fetchSchedule(
    in bookID: WordBook.ID, dueBy time: Timestamp?, after last: ScheduledWord?, limit: Int
  ) async throws(WordServiceError) -> [ScheduledWord] {
    try await reading(.loadReviews) { connection throws(WordServiceError) in
      try connection.requireBook(bookID)
      return try connection.schedule(in: bookID, dueBy: time, after: last, limit: limit)
    }
  }

  /// Reads the due times of a book's reviewed words alone, in one query over the book's index
  /// and the memory states by word, with no text read and no sort.
  public func fetchDueTimes(in bookID: WordBook.ID) async throws(WordServiceError)
    -> BookDueTimes
  {
    try await reading(.loadReviews) { connection throws(WordServiceError) in
      guard let count = try connection.wordCount(of: bookID) else {
        throw .bookNotFound(bookID)
      }
      return try connection.dueTimes(in: bookID, reserving: count)
    }
  }

  /// Counts what a Due round of each book would hold at `time`, from the due index, the index
  /// of last reviews, and as many words never reviewed as the day has room for.
  public func fetchRoundCounts(at time: Timestamp) async throws(WordServiceError)
    -> [WordBook.ID: RoundCounts]
  {
    try await reading(.loadReviews) { connection throws(WordServiceError) in
      let settings = try connection.reviewSettings()
      return try connection.roundCounts(
        at: time, learnAhead: time.advanced(by: settings.learnAheadLimit.components.seconds),
        newWordsPerDay: settings.newWordsPerDay)
    }
  }

  /// Counts a book's words first reviewed at or after `start`, from the index of last review
  /// times: only the words reviewed since are read.
  public func fetchNewWordCount(in bookID: WordBook.ID, since start: Timestamp)
    async throws(WordServiceError) -> Int
  {
    try await reading(.loadReviews) { connection throws(WordServiceError) in
      try connection.requireBook(bookID)
      return try connection.newWordCount(in: bookID, since: start)
    }
  }

  /// Gathers a book's statistics from its reviewed words alone (their due time, last review and
  /// stability, no text) and one pass over its reviews, in one read transaction.
  ///
  /// - Complexity: O(*k* + *r* log *r*) for *k* reviewed words and *r* reviews in the book.
  public func fetchReviewStatistics(of bookID: WordBook.ID, at time: Timestamp)
    async throws(WordServiceError) -> ReviewStatistics
  {
    try await reading(.loadReviews) { connection throws(WordServiceError) in
      try connection.requireBook(bookID)
      var gathering = ReviewStatistics.Gathering(
        at: time, settings: try connection.reviewSettings().scheduler)
      try connection.forEachReviewedWord(in: bookID) { due, lastReview, stability in
        gathering.addReviewedWord(due: due, lastReview: lastReview, stability: stability)
      }
      try connection.forEachReview(in: bookID) { wordID, review in
        gathering.addReview(review, of: wordID)
      }
      return gathering.finish()
    }
  }

  /// Counts a book's reviews day by day in one grouped query over its words' logs.
  ///
  /// - Complexity: O(*r*) for the *r* reviews of the book's words, read through the book's and
  ///   the log's indexes.
  public func fetchDailyReviewCounts(
    in bookID: WordBook.ID, from start: Timestamp, to end: Timestamp
  ) async throws(WordServiceError) -> [DailyReviewCount] {
    try await reading(.loadReviews) { connection throws(WordServiceError) in
      try connection.requireBook(bookID)
      return try connection.dailyReviewCounts(in: bookID, from: start, to: end)
    }
  }

  /// Adds a review history in one transaction: the reviews are staged in a temporary table,
  /// appended to the logs in one sorted insert, and the logs of the words they touch replayed.
  ///
  /// - Complexity: O(*n* log *n*) for *n* reviews, plus the replay of the touched words' logs;
  ///   memory holds one batch and one word's log.
  public func importReviews(_ rows: ReviewImportRows) async throws(WordServiceError) -> Int {
    if Task.isCancelled { throw .cancelled }
    return try await withConnection { connection throws(WordServiceError) in
      try Self.importReviews(connection, staging: rows)
    }
  }

  /// Adds a review history that names its words by term to a book's logs in one transaction,
  /// as ``importReviews(_:)`` does. Each review's term is looked up in the (book, term) index
  /// (see `TermLookup`) as it comes: one read that builds no word when the term names one word,
  /// the shared rules of `ReviewedTermMatcher` otherwise. Memory holds a batch and a bounded
  /// number of terms' words.
  public func importReviews(into bookID: WordBook.ID, byTerm rows: TermReviewImportRows)
    async throws(WordServiceError) -> Int
  {
    if Task.isCancelled { throw .cancelled }
    return try await withConnection { connection throws(WordServiceError) in
      try Self.importReviews(connection) { stage throws(WordServiceError) in
        try connection.requireBook(bookID)
        let terms = try TermLookup(connection, book: bookID, during: .saveReview)
        var matcher = ReviewedTermMatcher()
        // `stage` may not be captured as it is by the batches' closure, which `rows` takes.
        try withoutActuallyEscaping(stage) { stage throws(WordServiceError) in
          try rows { batch throws(WordServiceError) in
            var reviews: [WordReview] = []
            reviews.reserveCapacity(batch.count)
            for row in batch {
              if let id = try terms.onlyWord(withTerm: row.term.canonicalTerm) {
                reviews.append(WordReview(wordID: id, review: row.review))
              } else {
                reviews += try matcher.wordReviews([row]) { keys throws(WordServiceError) in
                  var words: [Word] = []
                  for key in keys { words += try terms.words(withTerm: key) }
                  return words
                }
              }
            }
            try stage(reviews)
          }
        }
      }
    }
  }

  /// A review import's transaction: the reviews `stageAll` writes are staged in a temporary
  /// table, appended to the logs in one sorted insert, and the logs of the words they touch
  /// replayed.
  private static func importReviews(
    _ connection: Connection,
    staging stageAll: (_ stage: ([WordReview]) throws(WordServiceError) -> Void)
      throws(WordServiceError) -> Void
  ) throws(WordServiceError) -> Int {
    try connection.inTransaction(.saveReview) { () throws(WordServiceError) in
      try connection.importReviews(staging: stageAll, isCancelled: { Task.isCancelled })
    }
  }
}
