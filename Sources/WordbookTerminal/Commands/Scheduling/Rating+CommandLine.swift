import Wordbook

extension Rating {
  /// The rating's name as commands take and print it: `again`, `hard`, `good` or `easy`.
  var name: String {
    switch self {
    case .again: "again"
    case .hard: "hard"
    case .good: "good"
    case .easy: "easy"
    }
  }

  /// Reads a rating given by name (any case) or as FSRS's number, 1 to 4.
  init?(commandLine text: some StringProtocol) {
    let text = text.lowercased()
    guard
      let rating = Rating.allCases.first(where: { $0.name == text || String($0.rawValue) == text })
    else { return nil }
    self = rating
  }
}
