/// Why ``FlashcardWriter`` could not write a set of cards in a format.
public enum FlashcardWriteError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A Quizlet field holds one of the separators, which Quizlet cannot quote. `row` is the
  /// 1-based position of the card among those written.
  case separatorInField(row: Int, separator: String)
  /// CSV, TSV and Anki need a separator of one ASCII character other than `"` or a line break.
  case unsupportedSeparator(String)

  /// A sentence saying what went wrong and what to do.
  public var description: String {
    switch self {
    case .separatorInField(let row, let separator):
      "card \(row) contains the separator \"\(separator)\", which Quizlet cannot quote; "
        + "choose another separator or export as CSV"
    case .unsupportedSeparator(let separator):
      "the separator \"\(separator)\" is not a single ASCII character other than a quote "
        + "or a line break"
    }
  }
}
