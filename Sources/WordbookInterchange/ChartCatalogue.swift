import Wordbook

/// What the review chart says, in one language: the part of each language's catalogue
/// (`EnglishCatalogue`, `KoreanCatalogue`) this module adds.
protocol ChartCatalogue: Sendable {
  /// The chart's words.
  var chartLabels: ReviewChartLabels { get }
}

extension Language {
  /// The catalogue of this language, as the review chart reads it.
  var chartCatalogue: any ChartCatalogue {
    switch self {
    case .english: EnglishCatalogue()
    case .korean: KoreanCatalogue()
    }
  }
}
