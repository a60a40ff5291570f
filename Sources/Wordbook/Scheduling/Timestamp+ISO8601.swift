extension Timestamp {
  /// The moment in ISO 8601 UTC to the second, such as `2026-12-01T10:00:00Z`, as listings
  /// write times; ``init(iso8601:)`` reads it back for the years 1 to 9999.
  public var iso8601: String {
    let (days, seconds) = Self.daysAndSeconds(secondsSince1970)
    let (year, month, day) = Self.civilDate(fromDays: days)
    guard (0...9999).contains(year) else {
      return "\(Self.digits(year, 4))-\(Self.digits(month, 2))-\(Self.digits(day, 2))T"
        + "\(Self.digits(seconds / 3600, 2)):\(Self.digits(seconds / 60 % 60, 2)):"
        + "\(Self.digits(seconds % 60, 2))Z"
    }
    // The usual years byte by byte into the string's own storage, one allocation, where the
    // interpolation made a string for each padded part: `schedule` writes a time per line.
    return String(unsafeUninitializedCapacity: 20) { text in
      func put(_ value: Int64, width: Int, at start: Int, then separator: UInt8) {
        var rest = value
        for index in (start..<start + width).reversed() {
          text[index] = UInt8(truncatingIfNeeded: 48 + rest % 10)
          rest /= 10
        }
        text[start + width] = separator
      }
      put(year, width: 4, at: 0, then: UInt8(ascii: "-"))
      put(month, width: 2, at: 5, then: UInt8(ascii: "-"))
      put(day, width: 2, at: 8, then: UInt8(ascii: "T"))
      put(seconds / 3600, width: 2, at: 11, then: UInt8(ascii: ":"))
      put(seconds / 60 % 60, width: 2, at: 14, then: UInt8(ascii: ":"))
      put(seconds % 60, width: 2, at: 17, then: UInt8(ascii: "Z"))
      return 20
    }
  }

  /// Reads a time in ISO 8601 with a zone: `Z` or an offset such as `+09:00` (or `+0900`),
  /// after a date and a time to the second, with `T` or a space between; a fraction of a
  /// second is dropped.
  ///
  /// ```swift
  /// Timestamp(iso8601: "2026-12-01T19:00:00+09:00")?.iso8601  // "2026-12-01T10:00:00Z"
  /// ```
  ///
  /// - Parameter text: The time, such as `2026-12-01T10:00:00Z`.
  /// - Returns: The moment, or `nil` when the text is not such a time or names a day that does
  ///   not exist.
  public init?(iso8601 text: some StringProtocol) {
    var reader = ISO8601Reader(bytes: Array(text.utf8))
    guard let moment = reader.moment() else { return nil }
    self.init(secondsSince1970: moment)
  }

  /// Splits seconds since 1970 into whole days (rounded down) and the seconds of the day.
  private static func daysAndSeconds(_ seconds: Int64) -> (days: Int64, seconds: Int64) {
    let (days, remainder) = seconds.quotientAndRemainder(dividingBy: secondsPerDay)
    return remainder < 0 ? (days - 1, remainder + secondsPerDay) : (days, remainder)
  }

  /// The proleptic Gregorian date of a day counted from 1970-01-01 (Howard Hinnant's
  /// `civil_from_days`).
  private static func civilDate(fromDays days: Int64) -> (Int64, Int64, Int64) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// The day counted from 1970-01-01 of a proleptic Gregorian date (Hinnant's
  /// `days_from_civil`).
  fileprivate static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
    let year = month <= 2 ? year - 1 : year
    let era = (year >= 0 ? year : year - 399) / 400
    let yearOfEra = year - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// `value` in decimal, padded with zeros to `width` digits.
  private static func digits(_ value: Int64, _ width: Int) -> String {
    let text = String(value.magnitude)
    let padded = String(repeating: "0", count: max(0, width - text.count)) + text
    return value < 0 ? "-" + padded : padded
  }
}

/// Reads the parts of an ISO 8601 time, byte by byte.
private struct ISO8601Reader {
  let bytes: [UInt8]
  var index = 0

  /// The whole text as seconds since 1970, or `nil`.
  mutating func moment() -> Int64? {
    guard let year = number(4), skip("-"), let month = number(2), skip("-"),
      let day = number(2), skip("T") || skip("t") || skip(" "),
      let hour = number(2), skip(":"), let minute = number(2), skip(":"),
      let second = number(2)
    else { return nil }
    guard (1...12).contains(month), (1...Self.daysIn(month, of: year)).contains(day),
      hour < 24, minute < 60, second < 60
    else { return nil }
    if skip(".") || skip(",") {
      guard number(1) != nil else { return nil }
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
        index += 1
      }
    }
    guard let offset = zone(), index == bytes.count else { return nil }
    let days = Timestamp.days(year: year, month: month, day: day)
    return days * Timestamp.secondsPerDay + hour * 3600 + minute * 60 + second - offset
  }

  /// The zone's offset from UTC in seconds: `Z`, or `±HH:MM` or `±HHMM`.
  private mutating func zone() -> Int64? {
    if skip("Z") || skip("z") { return 0 }
    let sign: Int64
    if skip("+") {
      sign = 1
    } else if skip("-") {
      sign = -1
    } else {
      return nil
    }
    guard let hours = number(2) else { return nil }
    _ = skip(":")
    guard let minutes = number(2), hours < 24, minutes < 60 else { return nil }
    return sign * (hours * 3600 + minutes * 60)
  }

  /// Exactly `count` decimal digits as a number.
  private mutating func number(_ count: Int) -> Int64? {
    guard index + count <= bytes.count else { return nil }
    var value: Int64 = 0
    for byte in bytes[index..<index + count] {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      value = value * 10 + Int64(byte - UInt8(ascii: "0"))
    }
    index += count
    return value
  }

  /// Moves past `character` when it comes next.
  private mutating func skip(_ character: Unicode.Scalar) -> Bool {
    guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
    index += 1
    return true
  }

  private static func daysIn(_ month: Int64, of year: Int64) -> Int64 {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}
