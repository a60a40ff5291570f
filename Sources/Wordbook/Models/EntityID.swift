/// The stable identity of a stored entity, such as a word or a wordbook, assigned by the
/// ``WordService`` that stores it.
///
/// The `Entity` parameter keeps the IDs of different entities apart: a `Word.ID` cannot be
/// passed where a `WordBook.ID` is expected. It encodes as a bare number.
public struct EntityID<Entity>: RawRepresentable, Hashable, Comparable, Sendable, Codable,
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
