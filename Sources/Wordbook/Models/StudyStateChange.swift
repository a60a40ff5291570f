/// A new study state for one word, as the store sends it to a ``WordService``.
public struct StudyStateChange: Hashable, Sendable, Codable {
  /// The word to update.
  public var wordID: Word.ID
  /// Its new study state.
  public var state: StudyState

  /// Creates a change.
  public init(wordID: Word.ID, state: StudyState) {
    self.wordID = wordID
    self.state = state
  }
}
