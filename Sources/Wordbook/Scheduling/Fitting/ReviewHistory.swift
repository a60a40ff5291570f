/// The review logs of many words, kept compactly for ``ParameterOptimizer`` to score and fit
/// FSRS-6's parameters with.
///
/// Append each word's log as the service stores it (``WordService/fetchReviewLogs(in:after:limit:)``
/// reads them page by page), so that memory holds the history's numbers, not its reviews: 13
/// bytes a review.
///
/// A review a whole day (24 hours) or more after the one before it on the same word is an
/// *item*: what the model predicts and a fit learns from, with the word's earlier reviews as
/// its history. Reviews on the same day as the one before shape the history but are not
/// predicted, as FSRS counts days. A log whose times go back, or reach past ``now``, cannot be
/// read that way: it is left out and named in ``problem``.
///
/// ```swift
/// var history = ReviewHistory(now: now)
/// history.append(reviews, of: word.id)
/// history.itemCount  // 2: the reviews a day or more after the one before
/// ```
public struct ReviewHistory: Equatable, Sendable {
  /// The latest time a review may have; a log with a later one is left out.
  public let now: Timestamp
  /// The reviews of the logs kept.
  public private(set) var reviewCount = 0
  /// The reviews of the logs kept that came a day or more after the one before: the items.
  public private(set) var itemCount = 0
  /// The first log left out and why, in the order appended.
  public private(set) var problem: ReviewLogProblem?
  /// How many logs were left out.
  public private(set) var problemCount = 0

  /// Where each word's reviews start in the arrays below, and one past the last word's.
  private(set) var wordStarts: [Int] = [0]
  /// Whole days since the review before on the same word; 0 for a word's first review.
  private(set) var days: [UInt32] = []
  /// The ratings, 1 to 4.
  private(set) var ratings: [UInt8] = []
  /// When each review was given, in seconds since 1970.
  private(set) var times: [Int64] = []

  /// An empty history.
  ///
  /// - Parameter now: The latest time a review may have.
  public init(now: Timestamp) {
    self.now = now
  }

  /// The number of words whose logs were kept.
  public var wordCount: Int { wordStarts.count - 1 }

  /// Adds a word's log, or notes why it is left out.
  ///
  /// - Parameters:
  ///   - reviews: The word's reviews, in the order they were recorded.
  ///   - wordID: The word, for the problem it is named in.
  /// - Complexity: O(*k*) for *k* reviews.
  public mutating func append(_ reviews: [Review], of wordID: Word.ID) {
    guard !reviews.isEmpty else { return }
    for (index, review) in reviews.enumerated() {
      let kind: ReviewLogProblem.Kind
      if review.time > now {
        kind = .inFuture
      } else if index > 0, review.time < reviews[index - 1].time {
        kind = .outOfOrder
      } else {
        continue
      }
      if problem == nil { problem = ReviewLogProblem(kind, wordID: wordID, time: review.time) }
      problemCount += 1
      return
    }
    var previous: Timestamp?
    for review in reviews {
      let elapsed = previous.map { review.time.wholeDays(since: $0) } ?? 0
      if elapsed > 0 { itemCount += 1 }
      days.append(UInt32(clamping: elapsed))
      ratings.append(UInt8(review.rating.rawValue))
      times.append(review.time.secondsSince1970)
      previous = review.time
    }
    reviewCount += reviews.count
    wordStarts.append(days.count)
  }

  /// The positions of the reviews of the word at `index`, in the order given.
  func reviews(ofWord index: Int) -> Range<Int> {
    wordStarts[index]..<wordStarts[index + 1]
  }
}
