import Wordbook

/// A book's `ReviewStatistics` drawn as one self-contained SVG image: under its title, what is
/// due and how well the scheduler's parameters predict the learner's reviews; a heatmap of a year of
/// reviews (53 weeks of 7 days, Monday on top, darker for more reviews) with a legend of its
/// shades, and a bar for each of the next 30 days' due words, labelled with the day of the
/// month.
///
/// Every cell and bar has a `<title>` with its date and count, which screen readers read and
/// browsers show as a tooltip; the image as a whole has a title and a summary. All text is
/// escaped for XML, and the image has no script, style sheet or link, so a page may put it in
/// its document as it is.
///
/// ```swift
/// let statistics = try await service.fetchReviewStatistics(of: book.id, at: now)
/// let svg = ReviewChart.svg(statistics, book: book.title, labels: .english)
/// ```
public enum ReviewChart {
  /// The heatmap's shades, from no review to the most reviews of a day.
  static let shades = ["#ebedf0", "#c6e48b", "#7bc96f", "#239a3b", "#196127"]
  /// The side of a heatmap cell, and the step from one cell to the next.
  private static let cell = 11
  private static let step = 13
  private static let left = 10
  private static let width = left * 2 + step * ReviewStatistics.historyWeeks
  private static let historyTop = 80
  private static let forecastTop = historyTop + step * 7 + 64
  private static let barsHeight = 100
  private static let height = forecastTop + barsHeight + 22

  /// The SVG document of `statistics`.
  ///
  /// - Parameters:
  ///   - statistics: What to draw.
  ///   - book: The book's title, for the chart's title.
  ///   - labels: The chart's words, in the reader's language.
  /// - Returns: An SVG 1.1 document, UTF-8 text with an XML declaration.
  /// - Complexity: O(*d*) for the *d* days drawn (about 400).
  public static func svg(
    _ statistics: ReviewStatistics, book: String, labels: ReviewChartLabels
  ) -> String {
    let percent = statistics.averageRetrievability.map { Int(($0 * 100).rounded()) }
    let title = String.markupEscaped(labels.title(book))
    let summary = String.markupEscaped(
      labels.summary(statistics.dueToday, statistics.dueThisWeek, percent))
    let accuracy = String.markupEscaped(
      statistics.prediction.map {
        labels.prediction(
          decimal($0.logLoss, places: 3), decimal($0.rmseBins * 100, places: 1), $0.itemCount)
      } ?? labels.noPrediction)
    var svg = """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\(width)" \
      height="\(height)" viewBox="0 0 \(width) \(height)" role="img" \
      aria-labelledby="chart-title chart-summary" font-family="sans-serif" font-size="12">
      <title id="chart-title">\(title)</title>
      <desc id="chart-summary">\(summary). \(accuracy)</desc>
      <text x="\(left)" y="18" font-size="14" font-weight="bold">\(title)</text>
      <text x="\(left)" y="36">\(summary)</text>
      <text id="prediction" x="\(left)" y="54">\(accuracy)</text>

      """
    svg += history(statistics, labels: labels)
    svg += forecast(statistics, labels: labels)
    svg += "</svg>\n"
    return svg
  }

  /// The SVG document of `statistics`, with `prediction` shown in place of the statistics' own.
  ///
  /// - Parameters:
  ///   - statistics: What to draw.
  ///   - book: The book's title, for the chart's title.
  ///   - labels: The chart's words, in the reader's language.
  ///   - prediction: How well the scheduler's parameters predict the book's reviews.
  /// - Returns: An SVG 1.1 document, UTF-8 text with an XML declaration.
  @available(
    *, deprecated,
    message: "drop prediction:; the chart shows ReviewStatistics.prediction"
  )
  public static func svg(
    _ statistics: ReviewStatistics, book: String, labels: ReviewChartLabels,
    prediction: ParameterEvaluation?
  ) -> String {
    var statistics = statistics
    statistics.prediction = prediction
    return svg(statistics, book: book, labels: labels)
  }

  /// The heatmap: one column a week, from `ReviewStatistics.historyStart` to today.
  private static func history(_ statistics: ReviewStatistics, labels: ReviewChartLabels)
    -> String
  {
    let most = statistics.dailyReviews.max() ?? 0
    var svg = """
      <g id="history">
      <text x="\(left)" y="\(historyTop - 8)">\(String.markupEscaped(labels.history))</text>

      """
    for (index, count) in statistics.dailyReviews.enumerated() {
      let date = statistics.historyStart.advanced(by: Int64(index) * 86_400)
      svg += """
        <rect x="\(left + index / 7 * step)" y="\(historyTop + index % 7 * step)" \
        width="\(cell)" height="\(cell)" fill="\(shades[shade(count, most: most)])">\
        <title>\(String.markupEscaped(labels.reviewsOn(day(date), count)))</title></rect>

        """
    }
    let legendTop = historyTop + step * 7 + 6
    // The words sit either side of the shades, anchored there, so no width is guessed.
    let legendLeft = left + 60
    svg += """
      <g id="legend">
      <text x="\(legendLeft - 4)" y="\(legendTop + 10)" text-anchor="end">\
      \(String.markupEscaped(labels.less))</text>

      """
    for (index, shade) in shades.enumerated() {
      svg += """
        <rect x="\(legendLeft + index * step)" y="\(legendTop)" width="\(cell)" \
        height="\(cell)" fill="\(shade)"/>

        """
    }
    svg += """
      <text x="\(legendLeft + shades.count * step + 2)" y="\(legendTop + 10)">\
      \(String.markupEscaped(labels.more))</text>
      </g>
      </g>

      """
    return svg
  }

  /// The forecast: a bar a day, as tall as its due words against the busiest day's.
  private static func forecast(_ statistics: ReviewStatistics, labels: ReviewChartLabels)
    -> String
  {
    let most = max(statistics.forecast.max() ?? 0, 1)
    let barStep = (width - left * 2) / ReviewStatistics.forecastDays
    let bottom = forecastTop + barsHeight
    var svg = """
      <g id="forecast">
      <text x="\(left)" y="\(forecastTop - 8)">\(String.markupEscaped(labels.forecast))</text>

      """
    for (index, count) in statistics.forecast.enumerated() {
      let date = statistics.today.advanced(by: Int64(index) * 86_400)
      let barHeight = count * (barsHeight - 14) / most
      let x = left + index * barStep
      svg += """
        <rect x="\(x + 2)" y="\(bottom - barHeight)" width="\(barStep - 4)" \
        height="\(barHeight)" fill="\(shades[3])">\
        <title>\(String.markupEscaped(labels.dueOn(day(date), count)))</title></rect>
        <text x="\(x + barStep / 2)" y="\(bottom + 14)" font-size="10" \
        text-anchor="middle">\(day(date).suffix(2))</text>

        """
    }
    svg += "</g>\n"
    return svg
  }

  /// The shade of a day with `count` reviews when the busiest day had `most`: 0 for none, then
  /// four steps up to the busiest.
  static func shade(_ count: Int, most: Int) -> Int {
    guard count > 0, most > 0 else { return 0 }
    return min(1 + (count - 1) * 4 / most, 4)
  }

  /// `value` with `places` decimals, such as `0.448`.
  static func decimal(_ value: Double, places: Int) -> String {
    guard value.isFinite else { return "–" }
    var scale = 1
    for _ in 0..<places { scale *= 10 }
    let scaled = Int((value * Double(scale)).rounded())
    let fraction = String(scaled % scale)
    return "\(scaled / scale)." + String(repeating: "0", count: places - fraction.count) + fraction
  }

  /// The date of `time`, such as `2026-12-01`.
  private static func day(_ time: Timestamp) -> String {
    String(time.iso8601.prefix(10))
  }
}
