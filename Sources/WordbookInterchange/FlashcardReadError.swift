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
  /// Reading the file failed with this `errno` value (an I/O error, or a directory).
  case readFailed(errorNumber: Int32)

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
    case .readFailed(let number):
      "cannot read the file (\(String(cString: strerror(number)))); check it is a readable file"
    }
  }
}
