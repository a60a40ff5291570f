extension Timestamp: Codable {
  /// Decodes a moment from a plain number of seconds since 1970.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` when the value is not a 64-bit integer.
  public init(from decoder: any Decoder) throws {
    self.init(secondsSince1970: try decoder.singleValueContainer().decode(Int64.self))
  }

  /// Encodes the moment as a plain number of seconds since 1970, as logs and databases store it.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(secondsSince1970)
  }
}
