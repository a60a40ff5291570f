/// Guesses a file's format and separator from its first lines.
enum FormatDetection {
  /// The separators tried, in the order that breaks ties.
  private static let candidates: [UInt8] = [
    ByteClass.tab, UInt8(ascii: "|"), UInt8(ascii: ";"), UInt8(ascii: ","),
  ]
  private static let sampleLineCount = 50
  /// The longest first line read as a possible header row.
  private static let maximumHeaderLength = 4096
  private static let ankiHeaderPrefixes = [
    "#separator:", "#html:", "#notetype", "#deck", "#tags", "#guid column:", "#columns:",
  ]

  /// How SQL scripts such as `sqlite3 .dump` output start, lower-cased.
  private static let sqlPrefixes = [
    "pragma ", "begin transaction", "begin;", "create table", "insert into", "--",
  ]

  /// Whether the first line that is not blank is an SQL statement: such a file splits on its
  /// `;` and `,` into rows that look like cards but are not, so it is refused, not detected.
  static func isSQLScript(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
    var first = start
    while first < bytes.count,
      [
        ByteClass.space, ByteClass.tab, ByteClass.lineFeed,
        ByteClass.carriageReturn,
      ].contains(bytes[first])
    {
      first += 1
    }
    let prefix = ByteClass.string(bytes, first..<min(bytes.count, first + 20)).lowercased()
    return sqlPrefixes.contains { prefix.hasPrefix($0) }
  }

  /// The format and separator of the text starting at `start`.
  static func detect(
    _ bytes: UnsafeBufferPointer<UInt8>,
    from start: Int
  ) -> (format: FlashcardFormat, separator: String) {
    if startsWithAnkiHeader(bytes, from: start) { return (.anki, "\t") }
    let separator = separator(in: bytes, from: start)
    switch separator {
    case "\t": return (.tsv, separator)
    case ",", ";": return (.csv, separator)
    default: return (.quizlet, separator)
    }
  }

  /// The separator of a header row on the first line, else the one found on the most of the first
  /// lines: tab, `|`, `;` or `,`, then a space when none of those occurs, then a comma.
  static func separator(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> String {
    if let separator = headerSeparator(bytes, from: start) { return separator }
    var counts = [Int](repeating: 0, count: candidates.count)
    var linesWithSpace = 0
    var lines = 0
    var lineStart = start
    while lineStart < bytes.count && lines < sampleLineCount {
      var lineEnd = lineStart
      var seen = [Bool](repeating: false, count: candidates.count)
      var sawSpace = false
      while lineEnd < bytes.count && bytes[lineEnd] != ByteClass.lineFeed {
        let byte = bytes[lineEnd]
        if let slot = candidates.firstIndex(of: byte) { seen[slot] = true }
        if byte == ByteClass.space { sawSpace = true }
        lineEnd += 1
      }
      if lineEnd > lineStart {
        lines += 1
        for slot in seen.indices where seen[slot] { counts[slot] += 1 }
        if sawSpace { linesWithSpace += 1 }
      }
      lineStart = lineEnd + 1
    }
    if let best = counts.indices.max(by: {
      counts[$0] < counts[$1] || counts[$0] == counts[$1] && $0 > $1
    }),
      counts[best] > 0
    {
      return String(UnicodeScalar(candidates[best]))
    }
    return linesWithSpace > 0 ? " " : ","
  }

  /// The separator that splits the first line into a header row such as `term,meaning`.
  private static func headerSeparator(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int)
    -> String?
  {
    var end = start
    // A header names a few columns: a longer line is data, and splitting it four ways would
    // cost seconds on a file of one endless line.
    while end < bytes.count && bytes[end] != ByteClass.lineFeed {
      end += 1
      if end - start > maximumHeaderLength { return nil }
    }
    let line = ByteClass.string(bytes, start..<end)
    return candidates.lazy
      .map { String(UnicodeScalar($0)) }
      .first { ColumnNames.isHeader(line.split(separator: $0, omittingEmptySubsequences: false)) }
  }

  private static func startsWithAnkiHeader(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int)
    -> Bool
  {
    guard start < bytes.count, bytes[start] == ByteClass.hash else { return false }
    let prefix = ByteClass.string(bytes, start..<min(bytes.count, start + 16)).lowercased()
    return ankiHeaderPrefixes.contains { prefix.hasPrefix($0) }
  }
}
