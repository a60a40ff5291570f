/// How ``FlashcardWriter`` writes a file.
public struct FlashcardWriteOptions: Hashable, Sendable {
  /// The separator between fields (between term and meaning for Quizlet); the format's
  /// ``FlashcardFormat/defaultSeparator`` when `nil`. CSV, TSV and Anki need one ASCII character.
  public var separator: String?
  /// The separator between Quizlet cards; a newline when `nil`.
  public var cardSeparator: String?
  /// Whether the text starts with its format's header: the row `term,meaning,state,image` for CSV and
  /// TSV, the `#separator:`, `#html:` and `#tags column:` lines for Anki. Turn it off to write
  /// a long file in parts, the header with the first part only.
  public var includesHeader: Bool
  /// Whether Quizlet cards that have been studied get a third field with their state, which
  /// ``FlashcardReader`` reads back (Quizlet itself does not know it).
  public var includesQuizletStudyState: Bool

  /// Creates options.
  public init(
    separator: String? = nil,
    cardSeparator: String? = nil,
    includesHeader: Bool = true,
    includesQuizletStudyState: Bool = true
  ) {
    self.separator = separator
    self.cardSeparator = cardSeparator
    self.includesHeader = includesHeader
    self.includesQuizletStudyState = includesQuizletStudyState
  }
}
