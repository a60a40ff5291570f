/// How well a set of FSRS-6 parameters predicts a learner's reviews: the figures Anki and the
/// open benchmark of spaced-repetition models compare.
///
/// Every item of a ``ReviewHistory`` (a review a day or more after the one before on the same
/// word) is predicted from the reviews before it, and weighted by recency, as fsrs-rs's
/// `evaluate` weights it: from 0.25 for the oldest item to 1 for the newest.
public struct ParameterEvaluation: Hashable, Sendable {
  /// The weighted mean of the log loss of each prediction: lower is better; about 0.3 to 0.5
  /// for most learners.
  public var logLoss: Double
  /// The root mean square of the gap between predicted and actual recall rates, over bins of
  /// items alike in interval, review count and lapses, weighted by each bin's weight: lower is
  /// better, and 0.05 is a gap of 5 percentage points.
  public var rmseBins: Double
  /// The items predicted.
  public var itemCount: Int

  /// Creates an evaluation.
  ///
  /// - Parameters:
  ///   - logLoss: The weighted mean log loss.
  ///   - rmseBins: The RMSE(bins).
  ///   - itemCount: The items predicted.
  public init(logLoss: Double, rmseBins: Double, itemCount: Int) {
    self.logLoss = logLoss
    self.rmseBins = rmseBins
    self.itemCount = itemCount
  }
}
