/// Why ``ParameterOptimizer/fit(progress:)`` gave no parameters. The learner's parameters are
/// not for the optimizer to change, so whatever the error, they stay as they were.
public enum ParameterFitError: Error, Hashable, Sendable {
  /// Too few reviews can be learned from: `usable` items were left once the unusual first
  /// intervals were set aside, and a fit needs `needed`.
  case tooFewReviews(usable: Int, needed: Int)
  /// A log cannot be read as a history (see ``ReviewLogProblem``); `count` logs are like it.
  case unreadableLog(ReviewLogProblem, count: Int)
  /// A step of the fit gave a number that is not finite.
  case diverged
  /// The task running the fit was cancelled.
  case cancelled
}
