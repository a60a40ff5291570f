#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a flashcard file could not be read at all.
public enum FlashcardReadError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The bytes are not UTF-8: the first bad byte's 0-based offset and its 1-based line.
  case invalidUTF8(byteOffset: Int, line: Int)
  /// A separator that cannot be used: CSV, TSV and Anki need one ASCII character, and Quizlet
  /// separators cannot be empty.
  case unsupportedSeparator(String)
  /// A column option is not a 1-based column number.
  case invalidColumn(Int)
  /// A column named by an option is not in the file's header row (given as its fields), or the
  /// file has no header row to name it.
  case unknownColumn(String, header: [String]?)
  /// The file has more than two columns and no header row naming its term and meaning columns,
  /// so they must be chosen; the fields of its first row.
  case ambiguousColumns(firstRow: [String])
  /// The file starts with SQL statements (a database dump), which is not a list of cards; it is
  /// refused when its format was to be detected.
  case sqlScript
  /// Reading the file failed with this `errno` value (an I/O error, or a directory).
  case readFailed(errorNumber: Int32)
  /// The caller stopped the reading from its `onRows` function, before the end of the file.
  case stopped

  /// A sentence saying what went wrong and what to do.
  public var description: String {
    switch self {
    case .invalidUTF8(let offset, let line):
      "the file is not UTF-8: invalid byte at offset \(offset) (line \(line)); "
        + "save it as UTF-8 and import it again"
    case .unsupportedSeparator(let separator):
      separator.isEmpty
        ? "the separator is empty"
        : "the separator \"\(separator)\" is not a single ASCII character, "
          + "which CSV, TSV and Anki files need"
    case .invalidColumn(let column):
      "column \(column) does not exist: columns are numbered from 1"
    case .unknownColumn(let name, let header?):
      "no column is named \"\(name)\" in the header row (\(Self.list(header)))"
    case .unknownColumn(let name, nil):
      "the column \"\(name)\" is chosen by name, but the file is read without a header row"
    case .ambiguousColumns(let fields):
      "the first row has \(fields.count) columns (\(Self.list(fields))) and no header naming "
        + "the term and meaning columns; choose them by number or header name"
    case .sqlScript:
      "the file is an SQL script (it starts with SQL statements), not a list of cards; export "
        + "the words as CSV or TSV, or give the format to read it as one anyway"
    case .readFailed(let number):
      "cannot read the file (\(String(cString: strerror(number)))); check it is a readable file"
    case .stopped:
      "the reading was stopped before the end of the file"
    }
  }

  /// Fields as `"a", "b", "c"`, the first 12 of them.
  private static func list(_ fields: [String]) -> String {
    let shown = fields.prefix(12).map { "\"\($0)\"" }.joined(separator: ", ")
    return fields.count > 12 ? shown + ", …" : shown
  }
}
