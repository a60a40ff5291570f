/// What a book's review log and schedule say at one moment: the words due soon, how well the
/// learner is predicted to recall the words reviewed so far, a year of reviews day by day, the
/// next 30 days' forecast, and how well the scheduler's parameters predict the book's reviews.
///
/// Days are UTC days. ``WordService/fetchReviewStatistics(of:at:)`` fills one from a service;
/// a front end shows it, such as an SVG chart.
///
/// ```swift
/// let statistics = try await service.fetchReviewStatistics(of: book.id, at: now)
/// statistics.dueToday  // 1
/// statistics.dueThisWeek  // 1
/// ```
public struct ReviewStatistics: Hashable, Sendable {
  /// The days the forecast covers, today first.
  public static let forecastDays = 30
  /// The weeks the history covers: 52 full weeks and this week so far, as Anki's heatmap shows.
  public static let historyWeeks = 53

  /// The moment the statistics describe.
  public var time: Timestamp
  /// The mean predicted chance of recall at ``time`` of the words reviewed at least once, from
  /// 0 to 1; `nil` when no word was reviewed.
  public var averageRetrievability: Double?
  /// How many reviews were given on each day from ``historyStart`` through today (at most up
  /// to ``time``).
  public var dailyReviews: [Int]
  /// How many words fall due on each of the ``forecastDays`` days from today; the words
  /// already overdue count on today.
  public var forecast: [Int]
  /// How well the scheduler's parameters predict the book's reviews up to ``time`` (log loss
  /// and RMSE(bins), as ``WordService/fetchParameterEvaluation(in:at:)`` scores them); `nil`
  /// when no review came a day or more after the one before.
  public var prediction: ParameterEvaluation?

  /// Statistics with no review and nothing due, at `time`, with the history and the forecast
  /// sized for that day.
  ///
  /// - Parameter time: The moment the statistics describe.
  public init(time: Timestamp) {
    self.time = time
    averageRetrievability = nil
    prediction = nil
    forecast = Array(repeating: 0, count: Self.forecastDays)
    dailyReviews = []
    dailyReviews = Array(
      repeating: 0, count: Int(historyStart.distance(to: today) / Timestamp.secondsPerDay) + 1)
  }

  /// The first second of the day of ``time``.
  public var today: Timestamp { time.startOfDay }

  /// The first day of the history: the Monday 52 weeks before the Monday of this week.
  public var historyStart: Timestamp {
    let day = today.secondsSince1970 / Timestamp.secondsPerDay
    // 1970-01-01 was a Thursday: three days after a Monday.
    let sinceMonday = ((day + 3) % 7 + 7) % 7
    return today.advanced(
      by: -(sinceMonday + Int64(Self.historyWeeks - 1) * 7) * Timestamp.secondsPerDay)
  }

  /// The words due by the end of today, the overdue ones included.
  public var dueToday: Int { forecast[0] }

  /// The words due in the seven days from today (by the end of the sixth day after it), the
  /// overdue ones included.
  public var dueThisWeek: Int { forecast.prefix(7).reduce(0, +) }

  /// Counts a word's next review in the forecast: on the day it falls due, or today when it
  /// is overdue. A new word, or one due after the forecast, counts nowhere.
  ///
  /// - Parameter due: When the word is due; `nil` for a new word.
  mutating func countDue(_ due: Timestamp?) {
    guard let due else { return }
    let day = max(0, today.distance(to: due.startOfDay) / Timestamp.secondsPerDay)
    if day < Int64(Self.forecastDays) { forecast[Int(day)] += 1 }
  }

  /// Counts a review in the history, where its day lies in it.
  ///
  /// - Parameter reviewTime: When the review was given.
  mutating func countReview(at reviewTime: Timestamp) {
    guard reviewTime <= time else { return }
    let seconds = historyStart.distance(to: reviewTime)
    if seconds >= 0 { dailyReviews[Int(seconds / Timestamp.secondsPerDay)] += 1 }
  }
}
