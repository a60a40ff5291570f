/// A review of a given word, as a review history brought from another app lists it.
public struct WordReview: Hashable, Sendable {
  /// The word reviewed.
  public var wordID: Word.ID
  /// The rating and when it was given.
  public var review: Review

  /// Creates a review of a word.
  ///
  /// - Parameters:
  ///   - wordID: The word reviewed.
  ///   - review: The rating and when it was given.
  public init(wordID: Word.ID, review: Review) {
    self.wordID = wordID
    self.review = review
  }
}

/// The rows of a review import: given a `write` function, hands it the reviews batch by batch.
public typealias ReviewImportRows =
  @Sendable (_ write: (_ batch: [WordReview]) throws(WordServiceError) -> Void)
  throws(WordServiceError) -> Void
