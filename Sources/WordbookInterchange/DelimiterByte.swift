/// The single byte a quoting format (CSV, TSV, Anki) splits fields on.
enum DelimiterByte {
  /// The byte for `separator`, or `nil` when it is not one ASCII character usable as a separator.
  static func byte(for separator: String) -> UInt8? {
    let utf8 = Array(separator.utf8)
    guard utf8.count == 1, let byte = utf8.first, byte < 0x80,
      byte != ByteClass.quote, byte != ByteClass.lineFeed, byte != ByteClass.carriageReturn
    else { return nil }
    return byte
  }
}
