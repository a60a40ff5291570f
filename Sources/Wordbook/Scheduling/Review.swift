/// One review of a word: the learner's rating and when it was given.
///
/// A word's reviews, in the order they happened, are its whole log: replaying them from
/// ``MemoryState/new`` with ``ReviewScheduler/replay(_:from:using:)`` gives the word's state,
/// so undoing a review is replaying the log without it.
public struct Review: Hashable, Sendable, Codable {
  /// How well the learner recalled the word.
  public var rating: Rating
  /// When the learner rated the word.
  public var time: Timestamp

  /// Creates a review.
  ///
  /// - Parameters:
  ///   - rating: How well the learner recalled the word.
  ///   - time: When the learner rated it.
  public init(rating: Rating, time: Timestamp) {
    self.rating = rating
    self.time = time
  }
}
