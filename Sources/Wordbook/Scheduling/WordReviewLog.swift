/// One word's review log: the word and its reviews in the order they were recorded.
public struct WordReviewLog: Hashable, Sendable {
  /// The word reviewed.
  public var wordID: Word.ID
  /// Its reviews, in the order they were recorded.
  public var reviews: [Review]

  /// Creates a word's log.
  ///
  /// - Parameters:
  ///   - wordID: The word reviewed.
  ///   - reviews: Its reviews, in the order they were recorded.
  public init(wordID: Word.ID, reviews: [Review]) {
    self.wordID = wordID
    self.reviews = reviews
  }
}
