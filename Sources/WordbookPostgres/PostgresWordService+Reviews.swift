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

  /// Remembers the study mode a book was left in.
  public func setStudyMode(_ mode: StudyMode, of bookID: WordBook.ID)
    async throws(WordServiceError)
  {
    try await withLibrary { library throws(WordServiceError) in
      try library.setStudyMode(mode, of: bookID)
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
