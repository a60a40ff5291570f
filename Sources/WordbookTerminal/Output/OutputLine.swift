/// A line being written to an ``OutputFile``, field by field, straight into its buffer.
struct OutputLine {
  /// The buffered bytes, the line's so far at the end.
  var bytes: [UInt8]

  /// Appends `text` as it is: for text the command wrote itself, such as a tab or a keyword.
  mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Appends `text` with every character that could control a terminal escaped (see
  /// `String.escapedForTerminal`): for text from data, such as a term.
  mutating func appendEscaped(_ text: String) {
    text.appendEscapedForTerminal(to: &bytes)
  }

  /// Appends `number` in decimal digits, written straight into the buffer.
  mutating func append(_ number: Int64) {
    var magnitude = number.magnitude
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var start = digits.count
      repeat {
        start -= 1
        digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      if number < 0 { bytes.append(UInt8(ascii: "-")) }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
    }
  }
}
