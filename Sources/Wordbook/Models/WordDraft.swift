/// The contents of the "new word" form: what a learner typed before saving.
public struct WordDraft: Hashable, Sendable, Codable {
  /// The text for the front of the card.
  public var term: String
  /// The text for the back of the card.
  public var meaning: String
  /// A reference to an image for the card, if any.
  public var imageReference: String?
  /// The study state the word starts with (kept when importing a file that records it).
  public var studyState: StudyState

  /// Creates a draft.
  public init(
    term: String,
    meaning: String,
    imageReference: String? = nil,
    studyState: StudyState = .notStudied
  ) {
    self.term = term
    self.meaning = meaning
    self.imageReference = imageReference
    self.studyState = studyState
  }
}
