/// Splits RFC 4180 text into records of fields, over UTF-8 bytes.
///
/// Fields may be quoted with `"`, span lines, and double their inner quotes. Unquoted fields lose
/// the spaces, tabs and carriage returns at their ends (unless one is the separator); quoted
/// fields keep everything between their quotes. A quote inside an unquoted field, or text after a
/// closing quote, is kept as it is rather than rejected, as Anki and spreadsheets do.
struct DelimitedScanner {
  /// One record and the line where it starts.
  struct Record {
    var fields: [String]
    var line: Int
  }

  /// What ``next()`` found.
  enum Step {
    case record(Record)
    case unterminatedQuote(line: Int)
    case end
  }

  private let bytes: UnsafeBufferPointer<UInt8>
  private let separator: UInt8
  private let skipsCommentLines: Bool
  private var position: Int
  private var line: Int
  private var scratch: [UInt8] = []

  /// Creates a scanner that starts at `position`, which is on line `line`.
  init(
    bytes: UnsafeBufferPointer<UInt8>,
    separator: UInt8,
    position: Int,
    line: Int,
    skipsCommentLines: Bool = false
  ) {
    self.bytes = bytes
    self.separator = separator
    self.position = position
    self.line = line
    self.skipsCommentLines = skipsCommentLines
  }

  /// The next record that is not blank (nor a `#` comment line when those are skipped).
  mutating func next() -> Step {
    while position < bytes.count {
      let startLine = line
      if skipsCommentLines && bytes[position] == ByteClass.hash {
        skipLine()
        continue
      }
      var fields: [String] = []
      var sawQuote = false
      var recordEnded = false
      while !recordEnded {
        var start = position
        while start < bytes.count, ByteClass.isTrimmable(bytes[start], separator: separator),
          bytes[start] != ByteClass.carriageReturn
        {
          start += 1
        }
        if start < bytes.count && bytes[start] == ByteClass.quote {
          sawQuote = true
          guard let field = readQuotedField(openingAt: start) else {
            position = bytes.count
            return .unterminatedQuote(line: startLine)
          }
          fields.append(field.text)
          recordEnded = field.endsRecord
        } else {
          let field = readUnquotedField(from: start)
          fields.append(ByteClass.string(bytes, field.range))
          recordEnded = field.endsRecord
        }
      }
      if sawQuote || fields.contains(where: { !$0.isEmpty }) {
        return .record(Record(fields: fields, line: startLine))
      }
    }
    return .end
  }

  private mutating func skipLine() {
    while position < bytes.count && bytes[position] != ByteClass.lineFeed {
      position += 1
    }
    if position < bytes.count {
      position += 1
      line += 1
    }
  }

  /// Reads to the next separator or line end; moves `position` past the terminator.
  private mutating func readUnquotedField(from start: Int) -> (range: Range<Int>, endsRecord: Bool)
  {
    var end = start
    while end < bytes.count {
      let byte = bytes[end]
      if byte == separator || byte == ByteClass.lineFeed { break }
      end += 1
    }
    var trimmedEnd = end
    while trimmedEnd > start, ByteClass.isTrimmable(bytes[trimmedEnd - 1], separator: separator) {
      trimmedEnd -= 1
    }
    return (start..<trimmedEnd, consumeTerminator(at: end))
  }

  /// Reads a quoted field whose opening quote is at `opening`; `nil` when it is never closed.
  private mutating func readQuotedField(openingAt opening: Int) -> (text: String, endsRecord: Bool)?
  {
    scratch.removeAll(keepingCapacity: true)
    var segmentStart = opening + 1
    var index = segmentStart
    while true {
      while index < bytes.count && bytes[index] != ByteClass.quote {
        if bytes[index] == ByteClass.lineFeed { line += 1 }
        index += 1
      }
      guard index < bytes.count else { return nil }
      scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segmentStart..<index]))
      if index + 1 < bytes.count && bytes[index + 1] == ByteClass.quote {
        scratch.append(ByteClass.quote)
        index += 2
        segmentStart = index
      } else {
        index += 1
        break
      }
    }
    let rest = readUnquotedField(from: index)
    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[rest.range]))
    return (String(decoding: scratch, as: UTF8.self), rest.endsRecord)
  }

  /// Moves past the separator or line end at `index`; `true` when the record ends there.
  private mutating func consumeTerminator(at index: Int) -> Bool {
    guard index < bytes.count else {
      position = bytes.count
      return true
    }
    position = index + 1
    if bytes[index] == separator { return false }
    line += 1
    return true
  }
}
