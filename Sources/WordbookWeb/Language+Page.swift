import Wordbook
import WordbookInterchange

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The language of the page's texts, chosen from the browser's `Accept-Language`.
extension Language {
  /// The first of English or Korean in `header`'s order of preference; English otherwise.
  init(acceptLanguage header: String?) {
    var best: (language: Language, quality: Double)?
    for item in (header ?? "").split(separator: ",") {
      let fields = item.split(separator: ";").map { String($0).trimmingWhitespace() }
      let primary = fields[0].split(separator: "-").first.map { $0.lowercased() } ?? ""
      guard let language = Language(rawValue: primary) else { continue }
      let quality =
        fields.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
      if quality > (best?.quality ?? 0) { best = (language, quality) }
    }
    self = best?.language ?? .english
  }

  /// The words of the review chart in this language.
  var chartLabels: ReviewChartLabels {
    switch self {
    case .english: .english
    case .korean: .korean
    }
  }

  /// Why the review chart cannot be drawn: no book is open.
  var noBookForChart: String {
    switch self {
    case .english: "Open a wordbook to see its review chart."
    case .korean: "복습 차트를 보려면 단어장을 여세요."
    }
  }
}
