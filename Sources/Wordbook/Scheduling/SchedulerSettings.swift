/// The knobs of the FSRS-6 scheduler: its 21 model parameters, the retention it aims at, the
/// short steps of learning and relearning, the longest interval and whether to fuzz intervals.
///
/// The defaults are py-fsrs 6.3.2's. Every value is checked when the settings are made, so a
/// ``ReviewScheduler`` never computes with a parameter outside the bounds FSRS was trained in.
///
/// ```swift
/// let settings = try SchedulerSettings(desiredRetention: 0.85, learningSteps: [.seconds(300)])
/// let scheduler = ReviewScheduler(settings: settings)
/// ```
public struct SchedulerSettings: Hashable, Sendable {
  /// FSRS-6's 21 model weights, `w[0]` to `w[20]`.
  ///
  /// `w[0]`–`w[3]` are the first stability for each rating, `w[4]`–`w[7]` shape difficulty,
  /// `w[8]`–`w[10]` stability after a recall, `w[11]`–`w[14]` after a lapse, `w[15]` and
  /// `w[16]` the hard penalty and easy bonus, `w[17]`–`w[19]` reviews on the same day, and
  /// `w[20]` the decay of the forgetting curve.
  public let parameters: [Double]
  /// The chance of recall at which a word in review falls due, from 0.70 to 0.99.
  public let desiredRetention: Double
  /// The waits between the reviews of a new word before it graduates to review.
  public let learningSteps: [Duration]
  /// The waits between the reviews of a forgotten word before it returns to review.
  public let relearningSteps: [Duration]
  /// The longest interval, in days, the scheduler gives a word in review.
  public let maximumInterval: Int
  /// Whether review intervals of 3 days or more are moved by a few random days, so that words
  /// learned together do not keep falling due together.
  public let isFuzzEnabled: Bool

  /// Creates settings, checking each value against its bounds.
  ///
  /// - Parameters:
  ///   - parameters: The 21 FSRS-6 weights, each within ``parameterBounds``.
  ///   - desiredRetention: The chance of recall at which words fall due, within
  ///     ``desiredRetentionBounds``.
  ///   - learningSteps: The waits before a new word graduates; each a positive whole number of
  ///     seconds. With none, a new word goes to review at its first review.
  ///   - relearningSteps: The waits before a forgotten word returns to review; each a positive
  ///     whole number of seconds. With none, a forgotten word stays in review.
  ///   - maximumInterval: The longest interval in days, within ``maximumIntervalBounds``.
  ///   - isFuzzEnabled: Whether to fuzz review intervals.
  /// - Throws: ``SchedulerSettingsError`` naming the first value out of bounds.
  public init(
    parameters: [Double] = Self.defaultParameters,
    desiredRetention: Double = 0.9,
    learningSteps: [Duration] = [.seconds(60), .seconds(600)],
    relearningSteps: [Duration] = [.seconds(600)],
    maximumInterval: Int = 36_500,
    isFuzzEnabled: Bool = true
  ) throws(SchedulerSettingsError) {
    guard parameters.count == Self.parameterBounds.count else {
      throw .wrongParameterCount(parameters.count)
    }
    for (index, (value, bounds)) in zip(parameters, Self.parameterBounds).enumerated()
    where !bounds.contains(value) {
      throw .parameterOutOfBounds(index: index, value: value)
    }
    guard Self.desiredRetentionBounds.contains(desiredRetention) else {
      throw .desiredRetentionOutOfBounds(desiredRetention)
    }
    for step in learningSteps + relearningSteps where !Self.isWholePositiveSeconds(step) {
      throw .stepNotWholePositiveSeconds(step)
    }
    guard Self.maximumIntervalBounds.contains(maximumInterval) else {
      throw .maximumIntervalOutOfBounds(maximumInterval)
    }
    self.init(
      checkedParameters: parameters, desiredRetention: desiredRetention,
      learningSteps: learningSteps, relearningSteps: relearningSteps,
      maximumInterval: maximumInterval, isFuzzEnabled: isFuzzEnabled)
  }

  private init(
    checkedParameters parameters: [Double], desiredRetention: Double, learningSteps: [Duration],
    relearningSteps: [Duration], maximumInterval: Int, isFuzzEnabled: Bool
  ) {
    self.parameters = parameters
    self.desiredRetention = desiredRetention
    self.learningSteps = learningSteps
    self.relearningSteps = relearningSteps
    self.maximumInterval = maximumInterval
    self.isFuzzEnabled = isFuzzEnabled
  }

  /// py-fsrs 6.3.2's settings: default weights, 90% retention, learning steps of 1 and 10
  /// minutes, a relearning step of 10 minutes, at most 36,500 days, fuzz on.
  public static let standard = SchedulerSettings(
    checkedParameters: defaultParameters, desiredRetention: 0.9,
    learningSteps: [.seconds(60), .seconds(600)], relearningSteps: [.seconds(600)],
    maximumInterval: 36_500, isFuzzEnabled: true)

  private static func isWholePositiveSeconds(_ step: Duration) -> Bool {
    step > .zero && step.components.attoseconds == 0
  }
}

extension SchedulerSettings {
  /// FSRS-6's default weights, trained on many learners' reviews (py-fsrs 6.3.2).
  public static let defaultParameters: [Double] = [
    0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835,
    0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
  ]

  /// The range each of the 21 weights must lie in, as py-fsrs 6.3.2 checks them.
  public static let parameterBounds: [ClosedRange<Double>] = [
    0.001...100, 0.001...100, 0.001...100, 0.001...100, 1...10, 0.001...4, 0.001...4,
    0.001...0.75, 0...4.5, 0...0.8, 0.001...3.5, 0.001...5, 0.001...0.25, 0.001...0.9, 0...4,
    0...1, 1...6, 0...2, 0...2, 0...0.8, 0.1...0.8,
  ]

  /// The desired retentions a learner may choose: below 70% reviews come too late to teach,
  /// above 99% they come too often to bear.
  public static let desiredRetentionBounds: ClosedRange<Double> = 0.70...0.99

  /// The maximum intervals a learner may choose, in days: up to 100 years, as Anki allows.
  public static let maximumIntervalBounds: ClosedRange<Int> = 1...36_500
}
