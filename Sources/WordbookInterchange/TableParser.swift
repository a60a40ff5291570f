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

  var recordSeparator: [UInt8] { [ByteClass.lineFeed] }

  mutating func parse(
    _ bytes: UnsafeBufferPointer<UInt8>,
    from start: Int,
    line: Int,
    isFinal: Bool,
    into result: inout ParseResult
  ) -> (position: Int, line: Int) {
    var scanner = DelimitedScanner(
      bytes: bytes, separator: separator, position: start, line: line, isFinal: isFinal)
    while true {
      switch scanner.next() {
      case .end, .needsMoreInput:
        return (scanner.position, scanner.line)
      case .unterminatedQuote(let line):
        result.problems.append(LineProblem(line: line, reason: .unterminatedQuote))
      case .record(let record):
        if let layout {
          append(record, layout: layout, to: &result)
        } else if isHeader(record.fields) {
          result.hasHeader = true
          layout = resolvedLayout(header: record.fields, width: record.fields.count)
        } else {
          let chosen = resolvedLayout(header: nil, width: record.fields.count)
          layout = chosen
          append(record, layout: chosen, to: &result)
        }
      }
    }
  }

  private func isHeader(_ fields: [String]) -> Bool {
    switch options.header {
    case .present: return true
    case .absent: return false
    case .detect:
      return ColumnNames.isHeader(fields)
    }
  }

  private func resolvedLayout(header: [String]?, width: Int) -> Layout {
    let names = header?.map(ColumnNames.normalized) ?? []
    let term =
      options.termColumn.map { $0 - 1 } ?? names.firstIndex(where: ColumnNames.term.contains) ?? 0
    let meaning =
      options.meaningColumn.map { $0 - 1 }
      ?? names.firstIndex(where: ColumnNames.meaning.contains) ?? (term == 0 ? 1 : 0)
    let state =
      options.studyStateColumn.map { $0 - 1 }
      ?? names.firstIndex(where: ColumnNames.studyState.contains)
    let needed = max(term, meaning, state ?? 0) + 1
    let optionalState = header == nil && state == nil ? max(term, meaning) + 1 : nil
    return Layout(
      term: term, meaning: meaning, studyState: state, optionalStudyState: optionalState,
      width: max(width, needed))
  }

  private func append(
    _ record: DelimitedScanner.Record, layout: Layout, to result: inout ParseResult
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
      result.problems.append(LineProblem(line: record.line, reason: problem))
      return
    }
    if let column = layout.studyState, column < fields.count {
      guard let parsed = StudyState(interchangeName: fields[column]) else {
        let reason = LineProblem.Reason.unknownStudyState(fields[column])
        result.problems.append(LineProblem(line: record.line, reason: reason))
        return
      }
      state = parsed
    }
    result.rows.append(
      FlashcardRow(
        term: fields[layout.term],
        meaning: fields[layout.meaning],
        studyState: state,
        line: record.line
      )
    )
  }
}
