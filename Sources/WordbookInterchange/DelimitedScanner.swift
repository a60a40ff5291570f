/// Splits RFC 4180 text into records of fields, over UTF-8 bytes.
///
/// Fields may be quoted with `"`, span lines, and double their inner quotes. Unquoted fields lose
/// the spaces, tabs and carriage returns at their ends (unless one is the separator); quoted
/// fields keep everything between their quotes. A quote inside an unquoted field, or text after a
/// closing quote, is kept as it is rather than rejected, as Anki and spreadsheets do.
///
/// The bytes may be one window of a longer file: unless `isFinal`, a record that does not end
/// inside them is left unread (``Step/needsMoreInput``), with ``position`` and ``line`` at its
/// start, so that the reader can scan it again once more of the file is in.
struct DelimitedScanner {
  /// One record, the line where it starts and the start of its text.
  struct Record {
    var fields: [String]
    var line: Int
    /// Where the record lies in the bytes, for a problem to quote its text from.
    var bytes: Range<Int>

    /// The record rejected for `reason`, with the start of its text in `source`.
    func problem(_ reason: LineProblem.Reason, in source: UnsafeBufferPointer<UInt8>)
      -> LineProblem
    {
      LineProblem(line: line, reason: reason, text: LineProblem.text(of: source, self.bytes))
    }
  }

  /// What ``next()`` found.
  enum Step {
    case record(Record)
    /// A quoted field is never closed; the line and the bytes of its record, which runs to
    /// the end of the file.
    case unterminatedQuote(line: Int, bytes: Range<Int>)
    /// The bytes end inside a record, or between records, and are not the end of the file.
    case needsMoreInput
    case end
  }

  /// A field, or why none could be read.
  private enum Field {
    case text(String, endsRecord: Bool)
    case unterminated
    case cutOff
  }

  private let bytes: UnsafeBufferPointer<UInt8>
  private let separator: UInt8
  private let skipsCommentLines: Bool
  private let isFinal: Bool
  /// The first byte not yet read: after the last record returned, or at the start of the record
  /// that needs more input.
  private(set) var position: Int
  /// The line of ``position``.
  private(set) var line: Int
  private var scratch: [UInt8] = []

  /// Creates a scanner that starts at `position`, which is on line `line`; `isFinal` when the
  /// bytes run to the end of the file.
  init(
    bytes: UnsafeBufferPointer<UInt8>,
    separator: UInt8,
    position: Int,
    line: Int,
    isFinal: Bool = true,
    skipsCommentLines: Bool = false
  ) {
    self.bytes = bytes
    self.separator = separator
    self.position = position
    self.line = line
    self.isFinal = isFinal
    self.skipsCommentLines = skipsCommentLines
  }

  /// The next record that is not blank (nor a `#` comment line when those are skipped).
  mutating func next() -> Step {
    while position < bytes.count {
      let recordStart = position
      let startLine = line
      if skipsCommentLines && bytes[position] == ByteClass.hash {
        guard skipLine() else { return cutOff(at: recordStart, line: startLine) }
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
        let field: Field
        if start < bytes.count && bytes[start] == ByteClass.quote {
          sawQuote = true
          field = readQuotedField(openingAt: start)
        } else {
          field = readUnquotedField(from: start)
        }
        switch field {
        case .text(let text, let endsRecord):
          fields.append(text)
          recordEnded = endsRecord
        case .unterminated:
          position = bytes.count
          return .unterminatedQuote(line: startLine, bytes: recordStart..<bytes.count)
        case .cutOff:
          return cutOff(at: recordStart, line: startLine)
        }
      }
      if sawQuote || fields.contains(where: { !$0.isEmpty }) {
        return .record(Record(fields: fields, line: startLine, bytes: recordStart..<position))
      }
    }
    return isFinal ? .end : .needsMoreInput
  }

  /// Goes back to the start of a record the bytes end inside.
  private mutating func cutOff(at recordStart: Int, line startLine: Int) -> Step {
    position = recordStart
    line = startLine
    return .needsMoreInput
  }

  /// Moves past the line at `position`; `false` when the bytes end before its line feed and
  /// are not the end of the file.
  private mutating func skipLine() -> Bool {
    guard let lineFeed = ByteClass.firstLineFeed(in: bytes, from: position) else {
      position = bytes.count
      return isFinal
    }
    position = lineFeed + 1
    line += 1
    return true
  }

  /// Reads to the next separator or line end; moves `position` past the terminator.
  private mutating func readUnquotedField(from start: Int) -> Field {
    guard let (range, endsRecord) = readUnquotedRange(from: start) else { return .cutOff }
    return .text(ByteClass.string(bytes, range), endsRecord: endsRecord)
  }

  /// The trimmed bytes up to the next separator or line end, and whether the record ends there;
  /// `nil` when the bytes end first and are not the end of the file.
  private mutating func readUnquotedRange(from start: Int) -> (Range<Int>, Bool)? {
    var end = start
    while end < bytes.count {
      let byte = bytes[end]
      if byte == separator || byte == ByteClass.lineFeed { break }
      end += 1
    }
    guard end < bytes.count || isFinal else { return nil }
    var trimmedEnd = end
    while trimmedEnd > start, ByteClass.isTrimmable(bytes[trimmedEnd - 1], separator: separator) {
      trimmedEnd -= 1
    }
    return (start..<trimmedEnd, consumeTerminator(at: end))
  }

  /// Reads a quoted field whose opening quote is at `opening`.
  private mutating func readQuotedField(openingAt opening: Int) -> Field {
    scratch.removeAll(keepingCapacity: true)
    var segmentStart = opening + 1
    var index = segmentStart
    while true {
      while index < bytes.count && bytes[index] != ByteClass.quote {
        if bytes[index] == ByteClass.lineFeed { line += 1 }
        index += 1
      }
      guard index < bytes.count else { return isFinal ? .unterminated : .cutOff }
      scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segmentStart..<index]))
      // A quote on the last byte of a window may be the first of a doubled pair.
      guard index + 1 < bytes.count || isFinal else { return .cutOff }
      if index + 1 < bytes.count && bytes[index + 1] == ByteClass.quote {
        scratch.append(ByteClass.quote)
        index += 2
        segmentStart = index
      } else {
        index += 1
        break
      }
    }
    guard let (rest, endsRecord) = readUnquotedRange(from: index) else { return .cutOff }
    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[rest]))
    return .text(String(decoding: scratch, as: UTF8.self), endsRecord: endsRecord)
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
