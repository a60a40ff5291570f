/// Finds where an RFC 4180 record ends, reading its bytes in as many pieces as they come, with
/// the rules ``DelimitedScanner`` reads fields by: a field is quoted when its first byte after
/// leading spaces and tabs is `"`, a doubled `""` inside it is a quote, and a quote elsewhere is
/// text.
struct QuotedRecordScan {
  private enum State {
    /// At the start of a field, before any byte but spaces and tabs.
    case fieldStart
    /// Inside an unquoted field, or after a quoted field's closing quote.
    case unquoted
    /// Inside a quoted field.
    case quoted
    /// On a quote inside a quoted field: the next byte tells a doubled quote from the end.
    case quoteInQuoted
  }

  private let separator: UInt8
  private var state = State.fieldStart

  /// A scan of a record whose fields are separated by `separator`, from its first byte.
  init(separator: UInt8) {
    self.separator = separator
  }

  /// The index of the line feed that ends the record in `bytes[start...]`, or `nil` when the
  /// bytes end first; the scan then goes on with the next bytes of the file.
  mutating func recordEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      switch state {
      case .quoted:
        if byte == ByteClass.quote { state = .quoteInQuoted }
      case .quoteInQuoted where byte == ByteClass.quote:
        state = .quoted
      case .fieldStart where byte == ByteClass.quote:
        state = .quoted
      case .fieldStart
      where byte != separator && (byte == ByteClass.space || byte == ByteClass.tab):
        break
      case .fieldStart, .unquoted, .quoteInQuoted:
        if byte == ByteClass.lineFeed { return index }
        state = byte == separator ? .fieldStart : .unquoted
      }
      index += 1
    }
    return nil
  }
}
