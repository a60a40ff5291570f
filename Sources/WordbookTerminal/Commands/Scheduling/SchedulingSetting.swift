import Wordbook

/// A key of `wordbook settings`: one value of the database's `ReviewSettings`, with how it
/// is written and read on the command line.
public enum SchedulingSetting: String, CaseIterable, Hashable, Sendable {
  /// The desired retention, 0.70 to 0.99.
  case retention
  /// Whether review intervals are fuzzed: `on` or `off`.
  case fuzz
  /// The learning steps, such as `1m,10m`.
  case learningSteps = "learning-steps"
  /// The relearning steps, such as `10m`.
  case relearningSteps = "relearning-steps"
  /// The longest interval, in days.
  case maximumInterval = "maximum-interval"
  /// The new words a day of the *Due* mode.
  case newPerDay = "new-per-day"
  /// How early a learning card may come back when nothing else is left in a round, such as
  /// `20m`, or `0s`.
  case learnAhead = "learn-ahead"
  /// FSRS-6's 21 weights, separated by commas.
  case parameters

  /// The value as `settings` shows it and accepts it back.
  func value(in settings: ReviewSettings) -> String {
    let scheduler = settings.scheduler
    return switch self {
    case .retention: String(scheduler.desiredRetention)
    case .fuzz: scheduler.isFuzzEnabled ? "on" : "off"
    case .learningSteps: Self.stepsText(scheduler.learningSteps)
    case .relearningSteps: Self.stepsText(scheduler.relearningSteps)
    case .maximumInterval: String(scheduler.maximumInterval)
    case .newPerDay: String(settings.newWordsPerDay)
    case .learnAhead: Self.durationText(settings.learnAheadLimit)
    case .parameters: scheduler.parameters.map { String($0) }.joined(separator: ",")
    }
  }

  /// `settings` with this value read from `text`.
  ///
  /// - Throws: ``UsageError`` with ``UsageError/Problem/invalidSetting(_:value:)`` or
  ///   ``UsageError/Problem/invalidParameter(index:value:)``, which name the accepted values,
  ///   and `usage`.
  func applying(_ text: String, to settings: ReviewSettings, usage: String)
    throws(UsageError) -> ReviewSettings
  {
    let old = settings.scheduler
    var parameters = old.parameters
    var retention = old.desiredRetention
    var learning = old.learningSteps
    var relearning = old.relearningSteps
    var maximum = old.maximumInterval
    var fuzz = old.isFuzzEnabled
    var newPerDay = settings.newWordsPerDay
    var learnAhead = settings.learnAheadLimit
    let invalid = UsageError(.invalidSetting(self, value: text), usage: usage)
    switch self {
    case .retention:
      guard let value = Double(text), value.isFinite else { throw invalid }
      retention = value
    case .fuzz:
      switch text.lowercased() {
      case "on": fuzz = true
      case "off": fuzz = false
      default: throw invalid
      }
    case .learningSteps:
      guard let steps = Self.steps(text) else { throw invalid }
      learning = steps
    case .relearningSteps:
      guard let steps = Self.steps(text) else { throw invalid }
      relearning = steps
    case .maximumInterval:
      guard let days = Int(text) else { throw invalid }
      maximum = days
    case .newPerDay:
      guard let count = Int(text) else { throw invalid }
      newPerDay = count
    case .learnAhead:
      guard let limit = Self.duration(text, allowingZero: true) else { throw invalid }
      learnAhead = limit
    case .parameters:
      let values = text.split(separator: ",", omittingEmptySubsequences: false).map {
        Double(String($0).trimmingWhitespace())
      }
      guard values.count == SchedulerSettings.parameterBounds.count else { throw invalid }
      parameters = []
      for (index, value) in values.enumerated() {
        guard let value, value.isFinite else {
          throw UsageError(.invalidParameter(index: index, value: text), usage: usage)
        }
        parameters.append(value)
      }
    }
    do {
      return try ReviewSettings(
        scheduler: SchedulerSettings(
          parameters: parameters, desiredRetention: retention, learningSteps: learning,
          relearningSteps: relearning, maximumInterval: maximum, isFuzzEnabled: fuzz),
        newWordsPerDay: newPerDay, learnAheadLimit: learnAhead)
    } catch {
      if case .parameterOutOfBounds(let index, _) = error {
        throw UsageError(.invalidParameter(index: index, value: text), usage: usage)
      }
      throw invalid
    }
  }

  /// The units a step may be given in, with their seconds, largest first.
  private static let units: [(name: Character, seconds: Int64)] = [
    ("d", 86_400), ("h", 3600), ("m", 60), ("s", 1),
  ]

  /// Steps as `settings` writes them: each in the largest unit that divides it, or `none`.
  private static func stepsText(_ steps: [Duration]) -> String {
    steps.isEmpty ? "none" : steps.map(durationText).joined(separator: ",")
  }

  /// A duration in the largest unit that divides it, such as `10m`; zero is `0s`.
  private static func durationText(_ duration: Duration) -> String {
    let seconds = duration.components.seconds
    let unit = units.first { seconds % $0.seconds == 0 && seconds != 0 } ?? ("s", 1)
    return "\(seconds / unit.seconds)\(unit.name)"
  }

  /// Steps such as `1m,10m`, or `none`; `nil` when a step is not a positive whole number with
  /// a unit, or longer than the longest interval.
  private static func steps(_ text: String) -> [Duration]? {
    if text.lowercased() == "none" { return [] }
    var steps: [Duration] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      guard let step = duration(String(part), allowingZero: false) else { return nil }
      steps.append(step)
    }
    return steps
  }

  /// A whole number with a unit, such as `10m`; `nil` when it is not one, is zero and zero is
  /// not allowed, or is longer than the longest interval.
  private static func duration(_ text: String, allowingZero: Bool) -> Duration? {
    let part = text.trimmingWhitespace().lowercased()
    guard let unit = units.first(where: { $0.name == part.last }),
      part.dropLast().allSatisfy({ $0.isASCII && $0.isNumber }),
      let count = Int64(part.dropLast()), count > 0 || (allowingZero && count == 0),
      count <= Int64(SchedulerSettings.maximumIntervalBounds.upperBound) * 86_400 / unit.seconds
    else { return nil }
    return .seconds(count * unit.seconds)
  }
}
