/// Reads flashcard files (Anki, Quizlet, CSV, TSV) into rows and per-line problems.
///
/// Reading is pure: bytes in, a ``ParseResult`` out. A record that cannot be a card becomes a
/// ``LineProblem`` naming its line, and the rest of the file is still read.
///
/// ```swift
/// let result = try FlashcardReader.read(Array("term,meaning\n사과,apple\n".utf8))
/// result.format          // .csv
/// result.rows[0].draft   // WordDraft(term: "사과", meaning: "apple")
/// ```
public enum FlashcardReader {
  /// Reads a flashcard file.
  ///
  /// - Parameters:
  ///   - bytes: The file's bytes: UTF-8 with or without a byte order mark, LF or CRLF.
  ///   - format: The file's format, or `nil` to detect it with ``detectFormat(_:)``.
  ///   - options: Separators, header and column choices, and what to do with Anki's HTML.
  /// - Returns: The format used, the accepted rows and the rejected records.
  /// - Throws: ``FlashcardReadError/invalidUTF8(byteOffset:line:)`` when the bytes are not
  ///   UTF-8, ``FlashcardReadError/unsupportedSeparator(_:)`` when a CSV, TSV or Anki separator
  ///   is not a single ASCII character, ``FlashcardReadError/invalidColumn(_:)`` when a column
  ///   option is below 1.
  /// - Complexity: O(*n*) in the number of bytes.
  public static func read(
    _ bytes: [UInt8],
    format: FlashcardFormat? = nil,
    options: FlashcardReadOptions = FlashcardReadOptions()
  ) throws(FlashcardReadError) -> ParseResult {
    let outcome = bytes.withUnsafeBufferPointer { buffer in
      read(buffer, format: format, options: options)
    }
    return try outcome.get()
  }

  /// Reads a flashcard file from any collection of bytes, such as `Data`.
  ///
  /// - Parameters:
  ///   - bytes: The file's bytes.
  ///   - format: The file's format, or `nil` to detect it.
  ///   - options: How to read the file.
  /// - Returns: The format used, the accepted rows and the rejected records.
  /// - Throws: ``FlashcardReadError`` as ``read(_:format:options:)-([UInt8],_,_)`` does.
  public static func read(
    _ bytes: some Collection<UInt8>,
    format: FlashcardFormat? = nil,
    options: FlashcardReadOptions = FlashcardReadOptions()
  ) throws(FlashcardReadError) -> ParseResult {
    try read(Array(bytes), format: format, options: options)
  }

  /// Reads flashcard text that is already a string.
  ///
  /// - Parameters:
  ///   - text: The file's text.
  ///   - format: The file's format, or `nil` to detect it.
  ///   - options: How to read the text.
  /// - Returns: The format used, the accepted rows and the rejected records.
  /// - Throws: ``FlashcardReadError/unsupportedSeparator(_:)`` for an unusable separator.
  public static func read(
    text: String,
    format: FlashcardFormat? = nil,
    options: FlashcardReadOptions = FlashcardReadOptions()
  ) throws(FlashcardReadError) -> ParseResult {
    try read(Array(text.utf8), format: format, options: options)
  }

  /// Guesses the format of a file from its first lines.
  ///
  /// An Anki header line (`#separator:`, `#html:`, ...) means ``FlashcardFormat/anki``. Otherwise
  /// the separator found on the most of the first 50 lines decides: a tab means
  /// ``FlashcardFormat/tsv``, a comma or semicolon ``FlashcardFormat/csv``, and `|` (or a space
  /// when nothing else separates the words) ``FlashcardFormat/quizlet``.
  ///
  /// - Parameter bytes: The file's bytes.
  /// - Returns: The likely format.
  public static func detectFormat(_ bytes: some Collection<UInt8>) -> FlashcardFormat {
    Array(bytes).withUnsafeBufferPointer { buffer in
      FormatDetection.detect(buffer, from: ByteClass.byteOrderMarkLength(in: buffer)).format
    }
  }

  private static func read(
    _ buffer: UnsafeBufferPointer<UInt8>,
    format: FlashcardFormat?,
    options: FlashcardReadOptions
  ) -> Result<ParseResult, FlashcardReadError> {
    if let offset = UTF8Validation.firstInvalidOffset(in: buffer) {
      let line = UTF8Validation.line(ofOffset: offset, in: buffer)
      return .failure(.invalidUTF8(byteOffset: offset, line: line))
    }
    let start = ByteClass.byteOrderMarkLength(in: buffer)
    let detected = FormatDetection.detect(buffer, from: start)
    let format = format ?? detected.format
    switch format {
    case .anki:
      return AnkiParser(options: options).parse(buffer, from: start)
    case .quizlet:
      let separator = options.separator ?? FormatDetection.separator(in: buffer, from: start)
      let cardSeparator = options.cardSeparator ?? "\n"
      for text in [separator, cardSeparator] where text.isEmpty {
        return .failure(.unsupportedSeparator(text))
      }
      let parser = QuizletParser(
        termSeparator: Array(separator.utf8), cardSeparator: Array(cardSeparator.utf8))
      return .success(parser.parse(buffer, from: start))
    case .csv, .tsv:
      let separator =
        options.separator
        ?? (format == .csv && detected.format == .csv
          ? detected.separator : format.defaultSeparator)
      guard let byte = DelimiterByte.byte(for: separator) else {
        return .failure(.unsupportedSeparator(separator))
      }
      let columns = [options.termColumn, options.meaningColumn, options.studyStateColumn]
      if let invalid = columns.compactMap({ $0 }).first(where: { $0 < 1 }) {
        return .failure(.invalidColumn(invalid))
      }
      let parser = TableParser(format: format, separator: byte, options: options)
      return .success(parser.parse(buffer, from: start))
    }
  }
}
