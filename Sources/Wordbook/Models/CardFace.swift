/// The side of a card that is showing.
public enum CardFace: String, Hashable, Sendable, Codable {
  /// The term.
  case front
  /// The meaning.
  case back
}
