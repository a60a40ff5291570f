/// A named collection of words, such as "Korean verbs" or "TOEIC 800".
public struct WordBook: Identifiable, Hashable, Sendable, Codable {
  /// A wordbook's stable identity, assigned by the ``WordService`` that stores it.
  public typealias ID = EntityID<WordBook>

  /// The wordbook's identity.
  public var id: ID
  /// The title shown in the picker.
  public var title: String
  /// How many words the book holds.
  public var wordCount: Int

  /// Creates a wordbook.
  public init(id: ID, title: String, wordCount: Int = 0) {
    self.id = id
    self.title = title
    self.wordCount = wordCount
  }
}
