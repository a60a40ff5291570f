import Foundation
import Testing
import Wordbook
import WordbookInterchange

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The review chart is one well-formed SVG document whose titles carry the counts drawn.
@Suite struct ReviewChartTests {
  /// 2026-12-02T12:00:00Z: a Wednesday, at noon UTC.
  private let time = Timestamp(secondsSince1970: 1_796_212_800)

  private func statistics() -> ReviewStatistics {
    var statistics = ReviewStatistics(time: time)
    statistics.dailyReviews[statistics.dailyReviews.count - 1] = 3
    statistics.dailyReviews[0] = 1
    statistics.forecast[0] = 4
    statistics.forecast[1] = 1
    statistics.forecast[29] = 2
    statistics.averageRetrievability = 0.8734
    return statistics
  }

  @Test func theHistoryRunsFromAMonday52WeeksBackToToday() {
    #expect(time.iso8601 == "2026-12-02T12:00:00Z")
    let statistics = statistics()
    #expect(statistics.historyStart.iso8601 == "2025-12-01T00:00:00Z")
    // 52 full weeks and Monday to Wednesday of this one.
    #expect(statistics.dailyReviews.count == 52 * 7 + 3)
    #expect(statistics.dueToday == 4)
    #expect(statistics.dueThisWeek == 5)
  }

  @Test func theChartIsWellFormedXMLWithTheCountsInItsTitles() throws {
    let svg = ReviewChart.svg(statistics(), book: "Verbs <&> \"動詞\"\u{1B}[31m", labels: .english)
    let document = try #require(SVGOutline(svg))
    #expect(document.root == "svg")
    #expect(document.titles.first == "Reviews of “Verbs <&> \"動詞\"[31m”")
    #expect(
      document.summary == "Due today 4 · due this week 5 · average retrievability 87%. "
        + "How well the schedule predicts you: not judged yet (no review a day or more after "
        + "the one before)")
    // One cell per day of the history, five legend shades, one bar per forecast day.
    #expect(document.rectangles == 52 * 7 + 3 + 5 + 30)
    #expect(document.titles.contains("2025-12-01: 1 review"))
    #expect(document.titles.contains("2026-12-02: 3 reviews"))
    #expect(document.titles.contains("2025-12-02: 0 reviews"))
    #expect(document.titles.contains("2026-12-02: 4 words due"))
    #expect(document.titles.contains("2026-12-03: 1 word due"))
    #expect(document.titles.contains("2026-12-31: 2 words due"))
    #expect(document.texts.contains("Less") && document.texts.contains("More"))
    // The forecast's day labels: the day of the month under each bar.
    #expect(document.texts.contains("02") && document.texts.contains("31"))
    #expect(!svg.contains("\u{1B}"))
  }

  @Test func howWellTheParametersPredictIsUnderTheSummary() throws {
    var statistics = statistics()
    statistics.prediction = ParameterEvaluation(
      logLoss: 0.44837, rmseBins: 0.05475, itemCount: 3685)
    let svg = ReviewChart.svg(statistics, book: "Verbs", labels: .english)
    let document = try #require(SVGOutline(svg))
    let line =
      "How well the schedule predicts you: log loss 0.448 · RMSE(bins) 5.5% over 3685 reviews"
    #expect(document.texts.contains(line))
    #expect(document.summary?.hasSuffix(line) == true)
    let korean = ReviewChart.svg(statistics, book: "Verbs", labels: .korean)
    #expect(
      try #require(SVGOutline(korean)).texts.contains(
        "일정의 예측 정확도: 로그 손실 0.448 · RMSE(bins) 5.5% (복습 3685회 기준)"))
  }

  @Test func aBookWithoutReviewsHasNoRetrievabilityAndNoDarkCell() throws {
    let empty = ReviewStatistics(time: time)
    let svg = ReviewChart.svg(empty, book: "책", labels: .korean)
    let document = try #require(SVGOutline(svg))
    #expect(
      document.summary == "오늘 복습 0 · 이번 주 복습 0 · 평균 기억 확률 아직 없음. "
        + "일정의 예측 정확도: 아직 판단할 수 없음 (앞 복습보다 하루 이상 뒤에 한 복습이 없음)")
    #expect(document.titles.contains("2026-12-02: 복습 0회"))
    #expect(!svg.contains("#196127\"><title>"))
  }
}

/// What the checks need of an SVG document, read by Foundation's XML parser: `nil` when the
/// document is not well-formed.
private final class SVGOutline: NSObject, XMLParserDelegate {
  private(set) var root: String?
  private(set) var titles: [String] = []
  private(set) var texts: [String] = []
  private(set) var summary: String?
  private(set) var rectangles = 0
  private var characters = ""

  init?(_ svg: String) {
    super.init()
    let parser = XMLParser(data: Data(svg.utf8))
    parser.delegate = self
    guard parser.parse() else { return nil }
  }

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    if root == nil { root = name }
    if name == "rect" { rectangles += 1 }
    characters = ""
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    characters += string
  }

  func parser(
    _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
    qualifiedName: String?
  ) {
    switch name {
    case "title": titles.append(characters)
    case "text": texts.append(characters)
    case "desc": summary = characters
    default: break
    }
    characters = ""
  }
}
