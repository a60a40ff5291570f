/// A named collection of words, such as "Korean verbs" or "TOEIC 800".
public struct WordBook: Identifiable, Hashable, Sendable, Codable {
  /// A wordbook's stable identity, assigned by the ``WordService`` that stores it.
  public struct ID: RawRepresentable, Hashable, Comparable, Sendable, Codable,
    CustomStringConvertible
  {
    /// The raw number, such as a database row ID.
    public var rawValue: Int64

    /// Creates an ID from its raw number.
    public init(rawValue: Int64) {
      self.rawValue = rawValue
    }

    /// Creates an ID from its raw number.
    public init(_ rawValue: Int64) {
      self.rawValue = rawValue
    }

    /// Orders IDs by their raw numbers.
    public static func < (lhs: Self, rhs: Self) -> Bool {
      lhs.rawValue < rhs.rawValue
    }

    /// The raw number as text.
    public var description: String { String(rawValue) }

    /// Decodes an ID from a bare number.
    public init(from decoder: any Decoder) throws {
      rawValue = try decoder.singleValueContainer().decode(Int64.self)
    }

    /// Encodes the ID as a bare number.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(rawValue)
    }
  }

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
