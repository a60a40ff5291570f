/// How many reviews the words of a book were given on one day (UTC).
///
/// ``WordService/fetchDailyReviewCounts(in:from:to:)`` lists them, the days without a review
/// left out, for a review heatmap.
public struct DailyReviewCount: Hashable, Sendable {
  /// The day's first second: midnight UTC.
  public var day: Timestamp
  /// How many reviews were recorded that day.
  public var count: Int

  /// Creates the count of one day.
  ///
  /// - Parameters:
  ///   - day: The day's first second, midnight UTC.
  ///   - count: How many reviews were recorded that day.
  public init(day: Timestamp, count: Int) {
    self.day = day
    self.count = count
  }
}
