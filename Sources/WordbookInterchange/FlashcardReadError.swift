/// Why a flashcard file could not be read at all.
public enum FlashcardReadError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The bytes are not UTF-8: the first bad byte's 0-based offset and its 1-based line.
  case invalidUTF8(byteOffset: Int, line: Int)
  /// A separator the quoting formats cannot use: CSV, TSV and Anki need one ASCII character.
  case unsupportedSeparator(String)

  /// A sentence saying what went wrong and what to do.
  public var description: String {
    switch self {
    case .invalidUTF8(let offset, let line):
      "the file is not UTF-8: invalid byte at offset \(offset) (line \(line)); "
        + "save it as UTF-8 and import it again"
    case .unsupportedSeparator(let separator):
      "the separator \"\(separator)\" is not a single ASCII character, "
        + "which CSV, TSV and Anki files need"
    }
  }
}
