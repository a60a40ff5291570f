/// One note of an Anki collection, read as a card: its term, its meaning and the media it
/// refers to.
public struct AnkiNote: Hashable, Sendable {
  /// The term field as plain text.
  public var term: String
  /// The meaning field as plain text (may be empty).
  public var meaning: String
  /// The media names of the pictures the note shows (`<img src=…>` in any field), in order.
  public var images: [String]
  /// The media names of the sounds the note plays (`[sound:…]` in any field), in order.
  public var sounds: [String]

  /// Creates a note.
  public init(term: String, meaning: String, images: [String] = [], sounds: [String] = []) {
    self.term = term
    self.meaning = meaning
    self.images = images
    self.sounds = sounds
  }
}
