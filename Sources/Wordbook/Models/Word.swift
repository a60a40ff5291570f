/// A word to study: a term on the front of its card and a meaning on the back.
///
/// `Word` is a plain value. The store keeps its study state in compact per-word storage, so
/// marking a word never copies its strings.
public struct Word: Identifiable, Hashable, Sendable, Codable {
  /// A word's stable identity, assigned by the ``WordService`` that stores it.
  public typealias ID = EntityID<Word>

  /// The word's identity.
  public var id: ID
  /// The text on the front of the card.
  public var term: String
  /// The text on the back of the card.
  public var meaning: String
  /// A reference to an image for the card (a file name or URL), if it has one.
  public var imageReference: String?
  /// How the learner last rated the word.
  public var studyState: StudyState

  /// Creates a word.
  public init(
    id: ID,
    term: String,
    meaning: String,
    imageReference: String? = nil,
    studyState: StudyState = .notStudied
  ) {
    self.id = id
    self.term = term
    self.meaning = meaning
    self.imageReference = imageReference
    self.studyState = studyState
  }
}
