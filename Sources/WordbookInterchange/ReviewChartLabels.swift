import Wordbook

/// The words of a ``ReviewChart`` in one language, from that language's catalogue
/// (`EnglishCatalogue`, `KoreanCatalogue`), which every front end that draws the chart reads.
public struct ReviewChartLabels: Sendable {
  /// The chart's title; the argument is the book's title.
  public var title: @Sendable (_ book: String) -> String
  /// The summary under the title: due today, due this week, and the average retrievability
  /// in percent (`nil` when no word was reviewed).
  public var summary: @Sendable (_ today: Int, _ week: Int, _ percent: Int?) -> String
  /// How well the scheduler's parameters predict the learner: the log loss (`0.448`), the
  /// RMSE(bins) in percent (`5.5`) and the reviews predicted.
  public var prediction:
    @Sendable (_ logLoss: String, _ rmsePercent: String, _ items: Int) -> String
  /// What the chart says when no review can be predicted yet.
  public var noPrediction: String
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
  public static let english = EnglishCatalogue().chartLabels

  /// The chart in Korean.
  public static let korean = KoreanCatalogue().chartLabels
}

extension ReviewChartLabels {
  /// The chart in `language`, worded by that language's catalogue.
  public init(_ language: Language) {
    self = language.chartCatalogue.chartLabels
  }
}
