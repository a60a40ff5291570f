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
