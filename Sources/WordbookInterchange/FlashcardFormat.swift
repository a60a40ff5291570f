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

  /// The usual file name extension for an export in this format (without the dot).
  public var fileExtension: String {
    switch self {
    case .anki: "txt"
    case .quizlet: "txt"
    case .csv: "csv"
    case .tsv: "tsv"
    }
  }

  /// The format a file name extension names, or `nil` when it does not name one (`.txt` may be
  /// Anki or Quizlet, so detection decides).
  ///
  /// - Parameter fileExtension: The extension, with or without its dot, in any case.
  public init?(fileExtension: String) {
    switch fileExtension.lowercased().drop(while: { $0 == "." }) {
    case "csv": self = .csv
    case "tsv", "tab": self = .tsv
    default: return nil
    }
  }
}
