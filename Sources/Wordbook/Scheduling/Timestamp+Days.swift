extension Timestamp {
  /// The first second of this moment's day in UTC: the midnight at or before it.
  ///
  /// ```swift
  /// Timestamp(iso8601: "2026-12-01T10:00:00Z")?.startOfDay.iso8601  // "2026-12-01T00:00:00Z"
  /// ```
  public var startOfDay: Timestamp {
    let remainder = secondsSince1970 % Self.secondsPerDay
    return advanced(by: -(remainder < 0 ? remainder + Self.secondsPerDay : remainder))
  }
}
