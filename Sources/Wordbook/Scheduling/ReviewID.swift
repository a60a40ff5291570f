/// The identity of one rating, made where the rating was given: a service stores a review with
/// a given ID once, however often it is sent, so a rating sent again after a failure or a lost
/// answer is never counted twice.
///
/// It is 128 bits: an origin, random for each place that rates (a study screen, a page, a
/// command), and a sequence number counted there. Its text is 32 hexadecimal digits.
///
/// ```swift
/// let id = ReviewID(origin: screenOrigin, sequence: 7)
/// let same = ReviewID(id.description)  // == id
/// ```
public struct ReviewID: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The place that made the ID: random for each study screen, page or command.
  public let origin: UInt64
  /// The ID's number among those its origin made.
  public let sequence: UInt64

  /// Creates an ID from its parts.
  ///
  /// - Parameters:
  ///   - origin: The place that made it.
  ///   - sequence: Its number among those the place made.
  public init(origin: UInt64, sequence: UInt64) {
    self.origin = origin
    self.sequence = sequence
  }

  /// Reads an ID from its text: 32 hexadecimal digits, upper or lower case.
  ///
  /// - Parameter text: The ID's text.
  /// - Returns: The ID, or `nil` when `text` is not 32 hexadecimal digits.
  public init?(_ text: String) {
    let digits = text.utf8
    guard digits.count == 32,
      let origin = UInt64(String(text.prefix(16)), radix: 16),
      let sequence = UInt64(String(text.suffix(16)), radix: 16),
      digits.allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") })
    else { return nil }
    self.init(origin: origin, sequence: sequence)
  }

  /// A new ID of a random origin, from the system's generator: for a rating made outside a
  /// study screen, such as a `review` command's.
  public static func random() -> ReviewID {
    var generator = SystemRandomNumberGenerator()
    return ReviewID(origin: generator.next(), sequence: generator.next())
  }

  /// A random origin for a place that rates, from the system's generator.
  public static func randomOrigin() -> UInt64 {
    var generator = SystemRandomNumberGenerator()
    return generator.next()
  }

  /// The ID's text: 32 lowercase hexadecimal digits.
  public var description: String {
    Self.hex(origin) + Self.hex(sequence)
  }

  /// Orders IDs by origin, then sequence.
  public static func < (lhs: ReviewID, rhs: ReviewID) -> Bool {
    (lhs.origin, lhs.sequence) < (rhs.origin, rhs.sequence)
  }

  private static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}

extension ReviewID: Codable {
  /// Decodes an ID from its text.
  ///
  /// - Throws: `DecodingError.dataCorrupted` when the text is not 32 hexadecimal digits.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let id = ReviewID(text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "A review ID is 32 hexadecimal digits.")
    }
    self = id
  }

  /// Encodes the ID as its text.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
