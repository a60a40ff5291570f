/// The words of a ``ReviewChart`` in one language: the chart's catalogue, which every front
/// end that draws the chart picks from by its language.
public struct ReviewChartLabels: Sendable {
  /// The chart's title; the argument is the book's title.
  public var title: @Sendable (_ book: String) -> String
  /// The summary under the title: due today, due this week, and the average retrievability
  /// in percent (`nil` when no word was reviewed).
  public var summary: @Sendable (_ today: Int, _ week: Int, _ percent: Int?) -> String
  /// The heading of the heatmap.
  public var history: String
  /// The heading of the forecast.
  public var forecast: String
  /// The legend's word before the lightest shade.
  public var less: String
  /// The legend's word after the darkest shade.
  public var more: String
  /// A heatmap day's tooltip: the date (`2026-12-01`) and its reviews.
  public var reviewsOn: @Sendable (_ date: String, _ count: Int) -> String
  /// A forecast day's tooltip: the date and the words due that day.
  public var dueOn: @Sendable (_ date: String, _ count: Int) -> String

  /// The chart in English.
  public static let english = ReviewChartLabels(
    title: { "Reviews of “\($0)”" },
    summary: { today, week, percent in
      "Due today \(today) · due this week \(week) · average retrievability "
        + (percent.map { "\($0)%" } ?? "none yet")
    },
    history: "Reviews in the last year", forecast: "Due in the next 30 days", less: "Less",
    more: "More", reviewsOn: { "\($0): \($1 == 1 ? "1 review" : "\($1) reviews")" },
    dueOn: { "\($0): \($1 == 1 ? "1 word" : "\($1) words") due" })

  /// The chart in Korean.
  public static let korean = ReviewChartLabels(
    title: { "“\($0)” 복습" },
    summary: { today, week, percent in
      "오늘 복습 \(today) · 이번 주 복습 \(week) · 평균 기억 확률 "
        + (percent.map { "\($0)%" } ?? "아직 없음")
    },
    history: "지난 1년의 복습", forecast: "앞으로 30일의 복습", less: "적음", more: "많음",
    reviewsOn: { "\($0): 복습 \($1)회" }, dueOn: { "\($0): 복습할 단어 \($1)개" })
}
