/// A moment in time as whole seconds since 1970-01-01 00:00:00 UTC.
///
/// The scheduler never reads a clock: every review says when it happened with a `Timestamp`, so
/// a replayed log gives the same states on any machine. Whole seconds are as fine as due times
/// need to be, and keep the domain free of Foundation's `Date`.
public struct Timestamp: Hashable, Comparable, Sendable, Strideable {
  /// The number of seconds since 1970-01-01 00:00:00 UTC; negative before it.
  public var secondsSince1970: Int64

  /// Creates the moment `secondsSince1970` seconds after 1970-01-01 00:00:00 UTC.
  ///
  /// - Parameter secondsSince1970: Seconds since the Unix epoch; negative before it.
  public init(secondsSince1970: Int64) {
    self.secondsSince1970 = secondsSince1970
  }

  /// Orders two moments by time.
  ///
  /// - Parameters:
  ///   - lhs: A moment.
  ///   - rhs: Another moment.
  /// - Returns: Whether `lhs` is earlier than `rhs`.
  public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
    lhs.secondsSince1970 < rhs.secondsSince1970
  }

  /// The number of seconds from this moment to `other`.
  ///
  /// - Parameter other: Another moment.
  /// - Returns: The seconds from `self` to `other`, negative when `other` is earlier.
  public func distance(to other: Timestamp) -> Int64 {
    other.secondsSince1970 - secondsSince1970
  }

  /// The moment `seconds` seconds after this one.
  ///
  /// - Parameter seconds: Seconds to add; negative for an earlier moment.
  /// - Returns: The moment `seconds` seconds later.
  public func advanced(by seconds: Int64) -> Timestamp {
    Timestamp(secondsSince1970: secondsSince1970 + seconds)
  }
}

extension Timestamp {
  /// The number of seconds in a day, as the scheduler counts days: 86,400, with no leap seconds.
  static let secondsPerDay: Int64 = 86_400

  /// The whole days from `earlier` to this moment, rounded down, as FSRS counts elapsed days.
  ///
  /// Rounding down rather than toward zero matches Python's `timedelta.days`, which py-fsrs
  /// reads: a moment one second before `earlier` is day -1, not day 0.
  func wholeDays(since earlier: Timestamp) -> Int64 {
    let seconds = earlier.distance(to: self)
    let (days, remainder) = seconds.quotientAndRemainder(dividingBy: Self.secondsPerDay)
    return remainder < 0 ? days - 1 : days
  }
}
