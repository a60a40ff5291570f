/// Why a set of ``SchedulerSettings`` was refused: the first value outside its bounds.
public enum SchedulerSettingsError: Error, Hashable, Sendable, Codable {
  /// FSRS-6 takes exactly 21 weights; the associated value is how many were given.
  case wrongParameterCount(Int)
  /// A weight lies outside ``SchedulerSettings/parameterBounds``.
  ///
  /// - Parameters:
  ///   - index: The weight's index, 0 to 20.
  ///   - value: The value given.
  case parameterOutOfBounds(index: Int, value: Double)
  /// The desired retention lies outside ``SchedulerSettings/desiredRetentionBounds``.
  case desiredRetentionOutOfBounds(Double)
  /// A learning or relearning step is zero, negative or not a whole number of seconds.
  case stepNotWholePositiveSeconds(Duration)
  /// The maximum interval lies outside ``SchedulerSettings/maximumIntervalBounds``.
  case maximumIntervalOutOfBounds(Int)
  /// The new words a day of ``ReviewSettings`` lie outside
  /// ``ReviewSettings/newWordsPerDayBounds``.
  case newWordsPerDayOutOfBounds(Int)
  /// The learn-ahead limit of ``ReviewSettings`` lies outside
  /// ``ReviewSettings/learnAheadLimitBounds``, or is not a whole number of seconds.
  case learnAheadLimitOutOfBounds(Duration)
}
