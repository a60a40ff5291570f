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

  /// Appends text stored as `utf8`, escaped as ``appendEscaped(_:)`` escapes it: copied as
  /// it is when it is well-formed UTF-8 with nothing to escape (a word's usual text), else
  /// decoded first, ill-formed bytes shown as U+FFFD as `String(decoding:as:)` shows them.
  mutating func appendEscaped(utf8: UnsafeBufferPointer<UInt8>) {
    if !String.mayStartEscape(utf8), String.isWellFormedUTF8(utf8) {
      bytes.append(contentsOf: utf8)
    } else {
      String(decoding: utf8, as: UTF8.self).appendEscapedForTerminal(to: &bytes)
    }
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
