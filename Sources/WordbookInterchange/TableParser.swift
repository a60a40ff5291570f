import Wordbook

/// Reads CSV and TSV: RFC 4180 records, an optional header row, and chosen columns.
struct TableParser: RecordParser {
  let format: FlashcardFormat
  let separator: UInt8
  let options: FlashcardReadOptions

  /// The columns (0-based) that hold a card's parts.
  private struct Layout {
    var term: Int
    var meaning: Int
    var studyState: Int?
    /// The column of the picture's file name, named `image` in the header.
    var image: Int?
    /// The column after the meaning in a file without header or state column, which may hold a
    /// state exactly as ``FlashcardWriter`` names it (as a Quizlet export read as TSV does).
    var optionalStudyState: Int?
    var width: Int
  }

  /// The columns, once the first record has decided them.
  private var layout: Layout?

  init(format: FlashcardFormat, separator: UInt8, options: FlashcardReadOptions) {
    self.format = format
    self.separator = separator
    self.options = options
  }

  var recordEnd: RecordEnd { .quotedFields(fieldSeparator: separator) }

  mutating func parse(
    _ bytes: UnsafeBufferPointer<UInt8>,
    from start: Int,
    line: Int,
    isFinal: Bool,
    into result: inout ParseResult
  ) throws(FlashcardReadError) -> (position: Int, line: Int) {
    var scanner = DelimitedScanner(
      bytes: bytes, separator: separator, position: start, line: line, isFinal: isFinal)
    while true {
      switch scanner.next() {
      case .end, .needsMoreInput:
        return (scanner.position, scanner.line)
      case .unterminatedQuote(let line, let record):
        let text = LineProblem.text(of: bytes, record)
        result.problems.append(LineProblem(line: line, reason: .unterminatedQuote, text: text))
      case .record(let record):
        if let layout {
          append(record, layout: layout, in: bytes, to: &result)
        } else if isHeader(record.fields) {
          result.header = record.fields
          layout = try resolvedLayout(header: record.fields, firstRow: record.fields)
        } else {
          let chosen = try resolvedLayout(header: nil, firstRow: record.fields)
          layout = chosen
          append(record, layout: chosen, in: bytes, to: &result)
        }
      }
    }
  }

  /// Whether the first record is a header row: as the options say, else when it names a term
  /// and a meaning column or when a column is chosen by name.
  private func isHeader(_ fields: [String]) -> Bool {
    switch options.header {
    case .present: return true
    case .absent: return false
    case .detect:
      let chosen = [options.termColumn, options.meaningColumn, options.studyStateColumn]
      return ColumnNames.isHeader(fields)
        || chosen.contains { if case .named = $0 { true } else { false } }
    }
  }

  /// The columns from the options, else the header's names, else the first two of a file with
  /// no more than two (and an optional state written as the writer writes it).
  ///
  /// - Throws: ``FlashcardReadError/unknownColumn(_:header:)`` for a name the header lacks,
  ///   ``FlashcardReadError/ambiguousColumns(firstRow:)`` when the term or meaning column would
  ///   be a guess among more than two.
  private func resolvedLayout(header: [String]?, firstRow: [String]) throws(FlashcardReadError)
    -> Layout
  {
    let names = header?.map(ColumnNames.normalized) ?? []
    let term =
      try index(of: options.termColumn, in: header)
      ?? names.firstIndex(where: ColumnNames.term.contains)
    let meaning =
      try index(of: options.meaningColumn, in: header)
      ?? names.firstIndex(where: ColumnNames.meaning.contains)
    let state =
      try index(of: options.studyStateColumn, in: header)
      ?? names.firstIndex(where: ColumnNames.studyState.contains)
    if term == nil || meaning == nil {
      let endsWithState =
        header == nil && firstRow.count == 3 && StudyState(writtenName: firstRow[2]) != nil
      if firstRow.count > 2 && !endsWithState { throw .ambiguousColumns(firstRow: firstRow) }
    }
    let termIndex = term ?? (meaning == 0 ? 1 : 0)
    let meaningIndex = meaning ?? (termIndex == 0 ? 1 : 0)
    let needed = max(termIndex, meaningIndex, state ?? 0) + 1
    let optionalState = header == nil && state == nil ? max(termIndex, meaningIndex) + 1 : nil
    return Layout(
      term: termIndex, meaning: meaningIndex, studyState: state,
      image: names.firstIndex(where: ColumnNames.image.contains),
      optionalStudyState: optionalState, width: max(firstRow.count, needed))
  }

  /// The 0-based index of a chosen column, or `nil` when none is chosen.
  private func index(of column: FlashcardColumn?, in header: [String]?) throws(FlashcardReadError)
    -> Int?
  {
    switch column {
    case nil:
      return nil
    case .number(let number):
      return number - 1
    case .named(let name):
      let wanted = ColumnNames.normalized(name)
      guard let header else { throw .unknownColumn(name, header: nil) }
      guard let found = header.firstIndex(where: { ColumnNames.normalized($0) == wanted }) else {
        throw .unknownColumn(name, header: header)
      }
      return found
    }
  }

  private func append(
    _ record: DelimitedScanner.Record, layout: Layout, in bytes: UnsafeBufferPointer<UInt8>,
    to result: inout ParseResult
  ) {
    var fields = record.fields
    var state = StudyState.notStudied
    if let column = layout.optionalStudyState, fields.count == column + 1,
      let written = StudyState(writtenName: fields[column])
    {
      state = written
      fields.removeLast()
    }
    let needed = max(layout.term, layout.meaning) + 1
    let problem: LineProblem.Reason? =
      if fields.count == 1 && needed > 1 {
        .missingSeparator(result.separator)
      } else if fields.count > layout.width {
        .tooManyFields(found: fields.count, expected: layout.width)
      } else if fields.count < needed {
        .tooFewFields(found: fields.count, expected: needed)
      } else if fields[layout.term].isEmpty {
        .emptyTerm
      } else {
        nil
      }
    if let problem {
      result.problems.append(record.problem(problem, in: bytes))
      return
    }
    if let column = layout.studyState, column < fields.count {
      guard let parsed = StudyState(interchangeName: fields[column]) else {
        let reason = LineProblem.Reason.unknownStudyState(fields[column])
        result.problems.append(record.problem(reason, in: bytes))
        return
      }
      state = parsed
    }
    var image: String?
    if let column = layout.image, column < fields.count, !fields[column].isEmpty {
      guard Self.isFileName(fields[column]) else {
        let reason = LineProblem.Reason.invalidImageName(fields[column])
        result.problems.append(record.problem(reason, in: bytes))
        return
      }
      image = fields[column]
    }
    var row = FlashcardRow(
      term: fields[layout.term],
      meaning: fields[layout.meaning],
      studyState: state,
      imageReference: image,
      line: record.line
    )
    if options.keepsFields { row.fields = record.fields }
    result.rows.append(row)
  }

  /// Whether `name` can only name a file inside the media folder: no folder separator, no
  /// leading dot (so neither `..` nor a hidden file), no control character, at most 255 bytes.
  private static func isFileName(_ name: String) -> Bool {
    name.utf8.count <= 255 && !name.hasPrefix(".")
      && !name.unicodeScalars.contains {
        $0 == "/" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F
      }
  }
}
