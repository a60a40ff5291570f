#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A log–log line chart of time per operation against book size, written as SVG by hand.
struct SVGChart {
  /// One line of the chart.
  struct Series {
    var label: String
    var color: String
    /// (size, nanoseconds) points, by size.
    var points: [(size: Double, nanoseconds: Double)]
  }

  var title: String
  var series: [Series]

  private let width = 720.0
  private let height = 440.0
  private let left = 90.0
  private let right = 250.0
  private let top = 50.0
  private let bottom = 60.0

  init(title: String, series: [Series]) {
    self.title = title
    self.series = series
  }

  /// The chart, or `nil` when no series has two points to draw a line between.
  var svg: String? {
    let points = series.flatMap(\.points)
    guard series.contains(where: { $0.points.count >= 2 }),
      let minSize = points.map(\.size).min(), let maxSize = points.map(\.size).max(),
      let minTime = points.map(\.nanoseconds).min(), let maxTime = points.map(\.nanoseconds).max(),
      minSize > 0, minTime > 0, maxSize > minSize
    else { return nil }
    // A margin of a quarter decade keeps the end points off the frame.
    let xLow = log10(minSize) - 0.25
    let xHigh = log10(maxSize) + 0.25
    let yLow = floor(log10(minTime))
    let yHigh = max(ceil(log10(maxTime)), yLow + 1)
    let plotWidth = width - left - right
    let plotHeight = height - top - bottom
    func x(_ size: Double) -> Double { left + (log10(size) - xLow) / (xHigh - xLow) * plotWidth }
    func y(_ time: Double) -> Double {
      top + plotHeight - (log10(time) - yLow) / (yHigh - yLow) * plotHeight
    }

    var parts: [String] = [
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
      viewBox="0 0 \(Int(width)) \(Int(height))" font-family="sans-serif" font-size="12">
      """,
      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>",
      text(title, x: left, y: 28, size: 16, anchor: "start"),
    ]
    var exponent = yLow
    while exponent <= yHigh {
      let lineY = y(pow(10, exponent))
      parts.append(line(x1: left, y1: lineY, x2: left + plotWidth, y2: lineY, color: "#dddddd"))
      parts.append(
        text(
          decadeLabel(exponent), x: left - 8, y: lineY + 4,
          anchor: "end"))
      exponent += 1
    }
    for size in Set(points.map(\.size)).sorted() {
      let lineX = x(size)
      parts.append(line(x1: lineX, y1: top, x2: lineX, y2: top + plotHeight, color: "#dddddd"))
      parts.append(text(sizeLabel(Int(size)), x: lineX, y: top + plotHeight + 18, anchor: "middle"))
    }
    parts.append(
      text(
        "words in the book (log scale)", x: left + plotWidth / 2, y: height - 16,
        anchor: "middle"))
    parts.append(
      "<text transform=\"translate(18 \(format(top + plotHeight / 2))) rotate(-90)\" "
        + "text-anchor=\"middle\">time per shuffle (log scale)</text>")
    parts.append(
      "<rect x=\"\(format(left))\" y=\"\(format(top))\" width=\"\(format(plotWidth))\" "
        + "height=\"\(format(plotHeight))\" fill=\"none\" stroke=\"#888888\"/>")
    for (index, series) in series.enumerated() {
      let coordinates = series.points.map { "\(format(x($0.size))),\(format(y($0.nanoseconds)))" }
      parts.append(
        "<polyline fill=\"none\" stroke=\"\(series.color)\" stroke-width=\"2.5\" "
          + "points=\"\(coordinates.joined(separator: " "))\"/>")
      for point in series.points {
        parts.append(
          "<circle cx=\"\(format(x(point.size)))\" cy=\"\(format(y(point.nanoseconds)))\" "
            + "r=\"4\" fill=\"\(series.color)\"/>")
      }
      let legendY = top + 10 + Double(index) * 22
      let legendX = left + plotWidth + 16
      parts.append(
        line(
          x1: legendX, y1: legendY, x2: legendX + 22, y2: legendY, color: series.color,
          width: 3))
      parts.append(text(series.label, x: legendX + 28, y: legendY + 4, anchor: "start"))
    }
    parts.append("</svg>\n")
    return parts.joined(separator: "\n")
  }

  /// `10^exponent` nanoseconds as `1 ns`, `10 µs`, `100 ms`, `1 s`.
  private func decadeLabel(_ exponent: Double) -> String {
    let power = Int(exponent)
    let units = ["ns", "µs", "ms", "s"]
    let unit = min(max(power, 0) / 3, units.count - 1)
    let digits = max(power - unit * 3, 0)
    return "1" + String(repeating: "0", count: digits) + " " + units[unit]
  }

  private func format(_ value: Double) -> String {
    String(Double(Int((value * 10).rounded())) / 10)
  }

  private func line(
    x1: Double, y1: Double, x2: Double, y2: Double, color: String, width: Double = 1
  ) -> String {
    "<line x1=\"\(format(x1))\" y1=\"\(format(y1))\" x2=\"\(format(x2))\" y2=\"\(format(y2))\" "
      + "stroke=\"\(color)\" stroke-width=\"\(width)\"/>"
  }

  private func text(
    _ content: String, x: Double, y: Double, size: Int = 12, anchor: String
  ) -> String {
    let escaped = content.replacing("&", with: "&amp;").replacing("<", with: "&lt;")
      .replacing(">", with: "&gt;")
    return "<text x=\"\(format(x))\" y=\"\(format(y))\" font-size=\"\(size)\" "
      + "text-anchor=\"\(anchor)\">\(escaped)</text>"
  }
}

extension SVGChart {
  /// The shuffle chart from `results`: the store against both baselines.
  @MainActor
  static func shuffle(from results: Results) -> SVGChart {
    let lines = [
      ("Store.send.shuffle", "Store.send(.study(.view(.shuffle)))", "#1f77b4"),
      ("Int32Buffer.fisherYatesShuffle", "[Int32] Fisher–Yates (floor)", "#2ca02c"),
      ("WordArray.shuffleSystemRandom", "[Word].shuffle() (naive)", "#d62728"),
    ]
    return SVGChart(
      title: "Shuffle time against book size",
      series: lines.map { prefix, label, color in Self.series(prefix, label, color, in: results) })
  }

  /// The first cards of a book in both front ends against its size: the study screen's first
  /// frame and the page's first cards.
  @MainActor
  static func firstCards(from results: Results) -> SVGChart {
    SVGChart(
      title: "A book's first cards against its size",
      series: [
        ("wordbook.studyFirstScreen", "study screen, first frame", "#1f77b4"),
        ("WebPage.firstCardsPainted", "page, first cards painted", "#ff7f0e"),
      ].map { prefix, label, color in series(prefix, label, color, in: results) })
  }

  /// The medians of the measurements named `prefix(size)`, by size.
  @MainActor
  private static func series(
    _ prefix: String, _ label: String, _ color: String, in results: Results
  ) -> Series {
    Series(
      label: label, color: color,
      points: results.measurements
        .filter { $0.name.hasPrefix(prefix + "(") }
        .compactMap { measurement in
          measurement.size.map { (size: Double($0), nanoseconds: measurement.median) }
        }
        .sorted { $0.size < $1.size })
  }
}
