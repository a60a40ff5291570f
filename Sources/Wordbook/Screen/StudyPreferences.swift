/// What a learner chose for the study screen, which a front end keeps between sessions
/// (``FrontEndValueStore/studyPreferences()``): the books whose answers they type, and whether
/// each new card's front is said.
public struct StudyPreferences: Hashable, Sendable {
  /// The books in which the screen asks the learner to type each card's answer
  /// (``StudyCards/Command/toggleTyping``).
  public var typingBooks: Set<WordBook.ID>
  /// Whether the screen asks to say each new card's front (its term, or its meaning when the
  /// cards show the meaning first) as it comes up
  /// (``StudyCards/Command/toggleSayingNewCards``).
  public var saysNewCards: Bool

  /// Preferences; by default, no typing and no card said by itself.
  public init(typingBooks: Set<WordBook.ID> = [], saysNewCards: Bool = false) {
    self.typingBooks = typingBooks
    self.saysNewCards = saysNewCards
  }
}
