import Wordbook

/// Why a flashcard file could not be read at all; ``message(in:)`` words it.
public enum FlashcardReadError: Error, Hashable, Sendable {
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

  /// What went wrong and what to do, in `language`, as the clause after the file's name:
  /// without its full stop, with the values it names unescaped.
  ///
  /// ```swift
  /// FlashcardReadError.invalidColumn(0).message(in: .english)
  /// // "column 0 does not exist: columns are numbered from 1"
  /// ```
  public func message(in language: Language) -> String {
    language.interchangeCatalogue.sentence(self)
  }
}
