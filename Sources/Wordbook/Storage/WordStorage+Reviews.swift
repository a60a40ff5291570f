/// The rules of the review logs: a rating, its undoing, a change of scheduler and an import
/// change a word's log, its memory and its study state together.
extension WordStorage {
  /// The scheduler of the stored review settings.
  package func scheduler() throws(WordServiceError) -> ReviewScheduler {
    ReviewScheduler(settings: try reviewSettings().scheduler)
  }

  /// A word's log in time order, as ``WordService/fetchReviews(of:)`` answers.
  ///
  /// - Throws: ``WordServiceError/Kind/wordNotFound``.
  package func fetchReviews(of wordID: Word.ID) throws(WordServiceError) -> [Review] {
    try requireWord(wordID)
    return try reviews(of: wordID)
  }

  /// Records a rating, as ``WordService/recordReview(_:of:)`` does: appends the review to the
  /// word's log and stores the memory and the study state it gives; a review whose rating ID
  /// is held already is not stored again.
  ///
  /// - Returns: The word's memory afterwards.
  /// - Throws: ``WordServiceError/Kind/invalidInput`` for an invalid review or a rating ID
  ///   another review holds, or ``WordServiceError/Kind/wordNotFound``.
  /// - Complexity: O(1) queries: the word's memory is read and written, never its log, unless
  ///   the review comes before the word's last one.
  package func recordReview(_ review: Review, of wordID: Word.ID) throws(WordServiceError)
    -> MemoryState
  {
    _ = try WordServiceError.validReview(review)
    try requireWord(wordID)
    if let id = review.id, let held = try self.review(withID: id) {
      guard held == WordReview(wordID: wordID, review: review) else {
        throw WordServiceError(.invalidInput, reason: .reviewIDTaken(id))
      }
      return try memory(of: wordID)?.state ?? .new
    }
    let current = try memory(of: wordID) ?? WordMemory(for: wordID)
    // A review from before the last one is replayed in its place, and leaves the mark of the
    // later one.
    let inOrder = current.takesInOrder(review)
    let memory = try current.recording(review, of: wordID, by: try scheduler()) {
      () throws(WordServiceError) in try reviews(of: wordID)
    }
    try appendReview(review, of: wordID)
    try setMemory(memory, of: wordID)
    if inOrder { try setStudyState(review.studyState, of: wordID) }
    return memory.state
  }

  /// Undoes a rating, as ``WordService/removeLastReview(of:restoring:)`` does: gives the word
  /// back `state`, removes its last review and stores what the rest of its log replays to.
  ///
  /// - Returns: The word's memory afterwards.
  /// - Throws: ``WordServiceError/Kind/wordNotFound``.
  /// - Complexity: O(*k*) for a word with *k* reviews.
  package func removeLastReview(of wordID: Word.ID, restoring state: StudyState)
    throws(WordServiceError) -> MemoryState
  {
    try requireWord(wordID)
    try setStudyState(state, of: wordID)
    guard try deleteLastReview(of: wordID) else { return .new }
    let memory = WordMemory.replaying(try reviews(of: wordID), of: wordID, with: try scheduler())
    try setMemory(memory, of: wordID)
    return memory.state
  }

  /// Keeps the review settings, as ``WordService/setReviewSettings(_:)`` does: when the
  /// scheduler's settings change, every word's log is replayed with them.
  ///
  /// - Complexity: O(*r*) for *r* reviews when the scheduler changes, one log in memory at a
  ///   time.
  package func saveReviewSettings(_ settings: ReviewSettings) throws(WordServiceError) {
    let old = try reviewSettings()
    try storeReviewSettings(settings)
    if old.scheduler != settings.scheduler {
      try replayLogs(with: ReviewScheduler(settings: settings.scheduler))
    }
  }

  /// Replays the logs of every word (or with `onlyImported`, of the words with staged imported
  /// reviews) with `scheduler`, and stores the memories they give.
  package func replayLogs(with scheduler: ReviewScheduler, onlyImported: Bool = false)
    throws(WordServiceError)
  {
    try forEachLog(onlyImported: onlyImported) { wordID, log throws(WordServiceError) in
      try setMemory(WordMemory.replaying(log, of: wordID, with: scheduler), of: wordID)
    }
  }

  /// Imports reviews, as ``WordService/importReviews(_:)`` does: the reviews `stageAll` writes
  /// are checked and staged batch by batch, then appended to their words' logs, whose memories
  /// are replayed and whose study states follow their latest reviews.
  ///
  /// - Parameters:
  ///   - stageAll: Writes the reviews to stage, batch by batch.
  ///   - isCancelled: Whether the import was cancelled, asked after each batch.
  /// - Returns: How many reviews were imported.
  /// - Throws: ``WordServiceError/Kind/invalidInput`` for an invalid review,
  ///   ``WordServiceError/Kind/wordNotFound`` for a review of a word that does not exist,
  ///   ``WordServiceError/Kind/cancelled``, or what `stageAll` throws. The caller's transaction
  ///   keeps all of the reviews or none.
  package func importReviews(
    staging stageAll: (_ stage: ([WordReview]) throws(WordServiceError) -> Void)
      throws(WordServiceError) -> Void,
    isCancelled: () -> Bool
  ) throws(WordServiceError) -> Int {
    try clearImportedReviews()
    var count = 0
    // The batches' closure captures `isCancelled`, which Swift allows to be passed to
    // `stageAll` only as a closure known not to escape.
    try withoutActuallyEscaping(isCancelled) { isCancelled throws(WordServiceError) in
      try stageAll { batch throws(WordServiceError) in
        for row in batch {
          _ = try WordServiceError.validReview(row.review)
          try stageImportedReview(row)
        }
        count += batch.count
        if isCancelled() { throw .cancelled }
      }
    }
    if let unknown = try unknownImportedWord() { throw .wordNotFound(unknown) }
    try appendImportedReviews()
    try replayLogs(with: try scheduler(), onlyImported: true)
    try setImportedStudyStates()
    try clearImportedReviews()
    return count
  }
}
