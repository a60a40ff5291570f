/// Builds RFC 4180 text that ``DelimitedScanner`` reads back field for field.
struct QuotingOutput {
  private(set) var bytes: [UInt8] = []
  let separator: UInt8
  /// Whether a record's first field is quoted when it starts with `#` (Anki reads such a line
  /// as a comment).
  let quotesLeadingHash: Bool

  init(separator: UInt8, quotesLeadingHash: Bool) {
    self.separator = separator
    self.quotesLeadingHash = quotesLeadingHash
  }

  /// Appends a line as it is (a header line).
  mutating func appendLine(text: String) {
    bytes.append(contentsOf: text.utf8)
    bytes.append(ByteClass.lineFeed)
  }

  /// Appends one record, quoting the fields that need it.
  mutating func appendRecord(_ fields: [String]) {
    for (index, field) in fields.enumerated() {
      if index > 0 { bytes.append(separator) }
      append(field, isFirst: index == 0)
    }
    bytes.append(ByteClass.lineFeed)
  }

  private mutating func append(_ field: String, isFirst: Bool) {
    let utf8 = field.utf8
    guard needsQuotes(utf8, isFirst: isFirst) else {
      bytes.append(contentsOf: utf8)
      return
    }
    bytes.append(ByteClass.quote)
    for byte in utf8 {
      if byte == ByteClass.quote { bytes.append(ByteClass.quote) }
      bytes.append(byte)
    }
    bytes.append(ByteClass.quote)
  }

  /// Whether the reader would change the field unless it is quoted: it holds the separator, a
  /// quote or a line break, has blanks at its ends, or starts an Anki record with `#`.
  private func needsQuotes(_ utf8: String.UTF8View, isFirst: Bool) -> Bool {
    guard let first = utf8.first, let last = utf8.last else { return false }
    if isFirst && quotesLeadingHash && first == ByteClass.hash { return true }
    if isBlank(first) || isBlank(last) { return true }
    return utf8.contains { byte in
      byte == separator || byte == ByteClass.quote || byte == ByteClass.lineFeed
        || byte == ByteClass.carriageReturn
    }
  }

  private func isBlank(_ byte: UInt8) -> Bool {
    byte == ByteClass.space || byte == ByteClass.tab || byte == ByteClass.carriageReturn
  }
}
