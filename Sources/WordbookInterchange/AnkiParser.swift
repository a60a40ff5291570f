import Wordbook

/// Reads Anki's "Notes in Plain Text": `#key:value` header lines, then RFC 4180 records.
struct AnkiParser: RecordParser {
  let options: FlashcardReadOptions

  /// What the header lines declare.
  private struct Header {
    var separator = "\t"
    var html = true
    var globalTags: [String] = []
    /// The 1-based columns that hold something other than note fields.
    var noteTypeColumn: Int?
    var deckColumn: Int?
    var tagsColumn: Int?
    var guidColumn: Int?

    /// The 0-based indices of the first two columns that are note fields: term and meaning.
    var noteFieldIndices: (term: Int, meaning: Int) {
      let special = Set([noteTypeColumn, deckColumn, tagsColumn, guidColumn].compactMap { $0 })
      let fields = (1...(special.count + 2)).filter { !special.contains($0) }
      return (fields[0] - 1, fields[1] - 1)
    }
  }

  /// What the header lines declared and the separator byte, once the header has been read.
  private var declared: (header: Header, separator: UInt8)?

  init(options: FlashcardReadOptions) {
    self.options = options
  }

  /// Quoted records once the header has declared the separator; header lines are never quoted.
  var recordEnd: RecordEnd {
    declared.map { .quotedFields(fieldSeparator: $0.separator) } ?? .separator([ByteClass.lineFeed])
  }

  mutating func parse(
    _ bytes: UnsafeBufferPointer<UInt8>,
    from start: Int,
    line startLine: Int,
    isFinal: Bool,
    into result: inout ParseResult
  ) throws(FlashcardReadError) -> (position: Int, line: Int) {
    var position = start
    var line = startLine
    if declared == nil {
      let header = readHeader(bytes, position: &position, line: &line, isFinal: isFinal)
      let separatorText = options.separator ?? header.separator
      guard let separator = DelimiterByte.byte(for: separatorText) else {
        throw .unsupportedSeparator(separatorText)
      }
      result.separator = separatorText
      declared = (header, separator)
    }
    guard let declared else { return (position, line) }
    let header = declared.header
    var scanner = DelimitedScanner(
      bytes: bytes, separator: declared.separator, position: position, line: line, isFinal: isFinal,
      skipsCommentLines: true)
    while true {
      switch scanner.next() {
      case .end, .needsMoreInput:
        return (scanner.position, scanner.line)
      case .unterminatedQuote(let line, let record):
        let text = LineProblem.text(of: bytes, record)
        result.problems.append(LineProblem(line: line, reason: .unterminatedQuote, text: text))
      case .record(let record):
        guard record.fields.count > 1 else {
          let reason = LineProblem.Reason.missingSeparator(result.separator)
          result.problems.append(record.problem(reason, in: bytes))
          continue
        }
        guard let row = row(from: record, header: header) else {
          result.problems.append(record.problem(.emptyTerm, in: bytes))
          continue
        }
        result.rows.append(row)
      }
    }
  }

  /// The card a record holds, or `nil` when its term is empty. Fields past the end of a short
  /// record are empty, and fields past the meaning (more note fields) are ignored.
  private func row(from record: DelimitedScanner.Record, header: Header) -> FlashcardRow? {
    let fields = record.fields
    let strips = header.html && options.html == .stripToText
    let field = { (index: Int) -> String in
      guard index < fields.count else { return "" }
      return strips ? HTMLText.plainText(fields[index]) : fields[index]
    }
    let (termIndex, meaningIndex) = header.noteFieldIndices
    let term = field(termIndex)
    guard !term.isEmpty else { return nil }
    var tags = header.globalTags
    if let column = header.tagsColumn, column - 1 < fields.count {
      tags += fields[column - 1].split(separator: " ").map(String.init)
    }
    var state = StudyState.notStudied
    tags.removeAll { tag in
      guard let tagged = StudyState(ankiTag: tag) else { return false }
      state = tagged
      return true
    }
    return FlashcardRow(
      term: term, meaning: field(meaningIndex), studyState: state, tags: tags, line: record.line)
  }

  /// A 1-based column number from a header value; `nil` for anything else.
  private static func column(_ value: String) -> Int? {
    guard let number = Int(value), number >= 1 else { return nil }
    return number
  }

  /// Reads the `#key:value` lines at the start of the file, moving `position` past them. A line
  /// the window ends inside is left to the record scanner, which skips it as a comment.
  private func readHeader(
    _ bytes: UnsafeBufferPointer<UInt8>,
    position: inout Int,
    line: inout Int,
    isFinal: Bool
  ) -> Header {
    var header = Header()
    while position < bytes.count && bytes[position] == ByteClass.hash {
      guard
        let end = ByteClass.firstLineFeed(in: bytes, from: position)
          ?? (isFinal ? bytes.count : nil)
      else { break }
      let text = ByteClass.string(bytes, (position + 1)..<end)
      position = min(end + 1, bytes.count)
      line += 1
      guard let colon = text.firstIndex(of: ":") else { continue }
      let key = text[..<colon].trimmingSpaces.lowercased()
      let value = String(text[text.index(after: colon)...].trimmingSpaces)
      switch key {
      case "separator": header.separator = FlashcardReadOptions.separator(named: value)
      case "html": header.html = value.lowercased() == "true"
      case "tags": header.globalTags = value.split(separator: " ").map(String.init)
      case "notetype column": header.noteTypeColumn = Self.column(value)
      case "deck column": header.deckColumn = Self.column(value)
      case "tags column": header.tagsColumn = Self.column(value)
      case "guid column": header.guidColumn = Self.column(value)
      default: continue
      }
    }
    return header
  }
}

extension Substring {
  /// The text without spaces, tabs and carriage returns at its ends.
  fileprivate var trimmingSpaces: Substring {
    let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
    guard let first = firstIndex(where: { !isBlank($0) }),
      let last = lastIndex(where: { !isBlank($0) })
    else { return "" }
    return self[first...last]
  }
}
