/// A side of a card the study screen asks a front end to say: the learner asked (``StudyCards/Command/say``),
/// or a new card came up while ``StudyPreferences/saysNewCards`` is on.
///
/// A front end says it each time ``number`` grows, in the language ``SpeechLanguages`` gives
/// its side.
public struct SpeechRequest: Hashable, Sendable {
  /// The side of a card a text is on.
  public enum Side: String, Hashable, Sendable {
    /// The term.
    case term
    /// The meaning.
    case meaning
  }

  /// The text to say.
  public var text: String
  /// The side of the card the text is on, which decides its language.
  public var side: Side
  /// How many texts the screen has asked to say since it opened, this one included.
  public var number: Int

  /// A request to say `text`, on `side`, the `number`th of the screen.
  public init(text: String, side: Side, number: Int) {
    self.text = text
    self.side = side
    self.number = number
  }
}
