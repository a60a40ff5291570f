import Wordbook

/// Why ``FlashcardWriter`` could not write a set of cards in a format; ``message(in:)`` words it.
public enum FlashcardWriteError: Error, Hashable, Sendable {
  /// A Quizlet field holds one of the separators, which Quizlet cannot quote. `row` is the
  /// 1-based position of the card among those written.
  case separatorInField(row: Int, separator: String)
  /// CSV, TSV and Anki need a separator of one ASCII character other than `"` or a line break.
  case unsupportedSeparator(String)

  /// What went wrong and what to do, in `language`: a clause without its full stop, with the
  /// values it names unescaped.
  public func message(in language: Language) -> String {
    language.interchangeCatalogue.sentence(self)
  }
}
