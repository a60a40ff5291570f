/// FSRS-6 parameters fitted to a learner's reviews by ``ParameterOptimizer/fit(progress:)``,
/// with how well they predict those reviews.
public struct ParameterFit: Hashable, Sendable {
  /// How much of the model a fit could learn.
  public enum Scope: Hashable, Sendable {
    /// Every parameter.
    case all
    /// The first stabilities alone, `w[0]` to `w[3]`, the rest at FSRS-6's defaults: with
    /// fewer than 64 items, as fsrs-rs fits them.
    case initialStabilities
  }

  /// The 21 parameters, rounded to four decimals as Anki shows them, each within
  /// ``SchedulerSettings/parameterBounds``.
  public var parameters: [Double]
  /// How well the parameters predict the history they were fitted to.
  public var evaluation: ParameterEvaluation
  /// Which parameters were fitted.
  public var scope: Scope

  /// Creates a fit.
  ///
  /// - Parameters:
  ///   - parameters: The 21 parameters.
  ///   - evaluation: How well they predict the history.
  ///   - scope: Which parameters were fitted.
  public init(parameters: [Double], evaluation: ParameterEvaluation, scope: Scope) {
    self.parameters = parameters
    self.evaluation = evaluation
    self.scope = scope
  }
}
