/// A flashcard file format that ``FlashcardReader`` reads and ``FlashcardWriter`` writes.
public enum FlashcardFormat: String, CaseIterable, Hashable, Sendable, Codable {
  /// Anki's "Notes in Plain Text" export, with or without its `#key:value` header lines.
  case anki
  /// Quizlet's text import and export: a term separator and a card separator, no quoting.
  case quizlet
  /// Comma-separated values as in RFC 4180, with or without a header row.
  case csv
  /// Tab-separated values with RFC 4180 quoting, with or without a header row.
  case tsv

  /// The field separator the format uses when neither the file nor the options name one.
  public var defaultSeparator: String {
    switch self {
    case .anki: "\t"
    case .quizlet: "\t"
    case .csv: ","
    case .tsv: "\t"
    }
  }
}
