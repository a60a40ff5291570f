/// The header names that mark the term, meaning, study-state and image columns of a CSV or TSV
/// file.
enum ColumnNames {
  static let term: Set<String> = [
    "term", "word", "front", "question", "headword", "vocabulary", "expression", "단어",
  ]
  static let meaning: Set<String> = [
    "meaning", "definition", "definitions", "back", "answer", "translation", "gloss", "뜻", "의미",
  ]
  static let studyState: Set<String> = ["state", "studystate", "status"]
  static let image: Set<String> = ["image", "picture"]

  /// A header name lower-cased and without spaces, `_` and `-`, as the sets hold it.
  static func normalized(_ name: some StringProtocol) -> String {
    String(name.lowercased().filter { $0 != " " && $0 != "_" && $0 != "-" })
  }

  /// Whether header fields name both a term column and a meaning column.
  static func isHeader(_ fields: [some StringProtocol]) -> Bool {
    let names = fields.map { normalized($0) }
    return names.contains(where: term.contains) && names.contains(where: meaning.contains)
  }
}
