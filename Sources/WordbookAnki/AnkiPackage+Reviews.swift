import Wordbook

extension AnkiPackage {
  /// Unpacks the collection again and opens its review log, checking that it is not too large.
  ///
  /// Open it before the words are saved, so that a package whose log is refused writes nothing.
  ///
  /// - Returns: The log, open until ``AnkiReviewLog/close()``; a collection without a `revlog`
  ///   gives an empty one.
  /// - Throws: ``AnkiPackageError`` as ``noteFields()`` does, and
  ///   ``AnkiPackageError/tooManyReviews(_:limit:)`` when the log holds more than 10,000,000
  ///   rows.
  public func reviewLog() throws(AnkiPackageError) -> AnkiReviewLog {
    try reviewLog(maximumAnswers: AnkiReviewLog.maximumAnswers)
  }

  /// The review log, bounded to `maximumAnswers` rows.
  func reviewLog(maximumAnswers: Int, stepBudget: Int? = nil) throws(AnkiPackageError)
    -> AnkiReviewLog
  {
    let (file, name) = try unpackCollection(
      budget: ExpansionBudget(limit: archive.allowedExpansion))
    return try AnkiReviewLog(
      file: file, name: name, maximumAnswers: maximumAnswers, stepBudget: stepBudget)
  }

  /// The word each note of `plan` became in a book, by the note's Anki ID, given the words the
  /// import of `plan.drafts` added to the book, in the order it added them.
  ///
  /// A draft skipped as a duplicate, or that updated a word the book had, added no word: the
  /// drafts are matched in order with the added words by term and meaning, so each added word
  /// goes to the first draft left that it equals.
  ///
  /// - Parameters:
  ///   - plan: The plan whose drafts were imported.
  ///   - added: The words the import added, oldest first.
  /// - Returns: The added words by their notes' IDs.
  public static func noteWords(of plan: AnkiImportPlan, added: [Word]) -> [Int64: Word.ID] {
    var words: [Int64: Word.ID] = [:]
    var next = added.startIndex
    for (draft, noteID) in zip(plan.drafts, plan.noteIDs) where next < added.endIndex {
      let word = added[next]
      guard word.term == draft.term, word.meaning == draft.meaning else { continue }
      words[noteID] = word.id
      next += 1
    }
    return words
  }
}
