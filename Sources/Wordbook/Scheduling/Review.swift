/// One review of a word: the learner's rating and when it was given.
///
/// A word's reviews, in the order they happened, are its whole log: replaying them from
/// ``MemoryState/new`` with ``ReviewScheduler/replay(_:from:using:)`` gives the word's state,
/// so undoing a review is replaying the log without it.
///
/// A rating made by a learner carries an ``id``, made where it was given, so a service stores it
/// once however often it is sent; a review brought from another app's history has none.
public struct Review: Hashable, Sendable, Codable {
  /// How well the learner recalled the word.
  public var rating: Rating
  /// When the learner rated the word.
  public var time: Timestamp
  /// The rating's identity, or `nil` for a review from another app's history.
  public var id: ReviewID?

  /// Creates a review.
  ///
  /// - Parameters:
  ///   - rating: How well the learner recalled the word.
  ///   - time: When the learner rated it.
  ///   - id: The rating's identity, made where it was given; `nil` for an imported review.
  public init(rating: Rating, time: Timestamp, id: ReviewID? = nil) {
    self.rating = rating
    self.time = time
    self.id = id
  }

  /// The study state this review gives its word: ``StudyState/fail`` for ``Rating/again``, else
  /// ``StudyState/success``. A word's study state is what its last rating says, wherever the
  /// rating came from.
  public var studyState: StudyState {
    rating == .again ? .fail : .success
  }
}
