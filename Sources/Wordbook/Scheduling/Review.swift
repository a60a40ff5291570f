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

extension Review {
  /// The times a review may have: from 0001-01-01T00:00:00Z to 9900-01-24T23:59:59Z, the
  /// longest interval (``SchedulerSettings/maximumIntervalBounds``, 100 years) before
  /// 9999-12-31T23:59:59Z.
  ///
  /// Every due time such a review gives is one that ``Timestamp/iso8601`` writes with four
  /// digits of year and ``Timestamp/init(iso8601:)`` reads back, so what one command writes
  /// another reads. Every service refuses a review outside them with
  /// ``WordServiceError/Reason/reviewTimeOutOfBounds(_:)``.
  public static let timeBounds: ClosedRange<Timestamp> =
    Timestamp(
      secondsSince1970: -62_135_596_800)...Timestamp(secondsSince1970: 253_402_300_799).advanced(
      by: -Int64(SchedulerSettings.maximumIntervalBounds.upperBound) * Timestamp.secondsPerDay)
}
