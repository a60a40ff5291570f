#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Timestamp {
  /// The time now, from the system's wall clock, to the second.
  public static var now: Timestamp { Timestamp(secondsSince1970: Int64(time(nil))) }

  /// A time after every review and due time, for asking a service for every reviewed word.
  static let endOfTime = Timestamp(secondsSince1970: Int64.max)
}
