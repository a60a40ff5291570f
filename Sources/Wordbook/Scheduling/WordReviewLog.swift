/// One word's review log: the word and its reviews in time order (as a service reads them).
public struct WordReviewLog: Hashable, Sendable {
  /// The word reviewed.
  public var wordID: Word.ID
  /// Its reviews, in time order.
  public var reviews: [Review]

  /// Creates a word's log.
  ///
  /// - Parameters:
  ///   - wordID: The word reviewed.
  ///   - reviews: Its reviews, in time order.
  public init(wordID: Word.ID, reviews: [Review]) {
    self.wordID = wordID
    self.reviews = reviews
  }
}
