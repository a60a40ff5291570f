import Wordbook

/// One card read from, or to be written to, a flashcard file.
public struct FlashcardRow: Hashable, Sendable {
  /// The text for the front of the card.
  public var term: String
  /// The text for the back of the card (may be empty).
  public var meaning: String
  /// The study state the file records for the card (`StudyState.notStudied` when it has none).
  public var studyState: StudyState
  /// Tags the file attaches to the card (Anki only), without the study-state tag.
  public var tags: [String]
  /// The file name of the card's picture in the media folder (the `image` column of CSV and
  /// TSV), or `nil` when it has none.
  public var imageReference: String?
  /// The 1-based line of the file where the card starts, or 0 for a row not read from a file.
  public var line: Int
  /// Every field of the row's CSV or TSV record, in file order, when the reader was asked to
  /// keep them (``FlashcardReadOptions/keepsFields``); empty otherwise.
  public var fields: [String] = []

  /// Creates a row.
  public init(
    term: String,
    meaning: String,
    studyState: StudyState = .notStudied,
    tags: [String] = [],
    imageReference: String? = nil,
    line: Int = 0
  ) {
    self.term = term
    self.meaning = meaning
    self.studyState = studyState
    self.tags = tags
    self.imageReference = imageReference
    self.line = line
  }

  /// Creates a row for exporting a stored word.
  public init(_ word: Word) {
    self.init(
      term: word.term, meaning: word.meaning, studyState: word.studyState,
      imageReference: word.imageReference)
  }

  /// The draft that saves this card as a word in a `WordService`.
  public var draft: WordDraft {
    WordDraft(
      term: term, meaning: meaning, imageReference: imageReference, studyState: studyState)
  }
}
