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
  /// The bytes read from a file descriptor at a time.
  static let chunkSize = 1 << 20

  /// Reads a flashcard file.
  ///
  /// - Parameters:
  ///   - bytes: The file's bytes: UTF-8 with or without a byte order mark, LF or CRLF
  ///     line ends, or CR alone when the first MiB has no LF.
  ///   - format: The file's format, or `nil` to detect it with ``detectFormat(_:)``.
  ///   - options: Separators, header and column choices, and what to do with Anki's HTML.
  /// - Returns: The format used, the accepted rows and the rejected records.
  /// - Throws: ``FlashcardReadError/invalidUTF8(byteOffset:line:)`` when the bytes are not
  ///   UTF-8, ``FlashcardReadError/unsupportedSeparator(_:)`` when a CSV, TSV or Anki separator
  ///   is not a single ASCII character, ``FlashcardReadError/invalidColumn(_:)`` when a column
  ///   option is below 1, ``FlashcardReadError/sqlScript`` when no format is given and the file
  ///   starts with SQL statements, and the column errors of ``FlashcardReadError``.
  /// - Complexity: O(*n*) in the number of bytes.
  public static func read(
    _ bytes: [UInt8],
    format: FlashcardFormat? = nil,
    options: FlashcardReadOptions = FlashcardReadOptions()
  ) throws(FlashcardReadError) -> ParseResult {
    var input = ChunkedInput(bytes: bytes)
    var rows: [FlashcardRow] = []
    var result = try read(&input, format: format, options: options) { rows += $0 }
    result.rows = rows
    return result
  }

  /// Reads a flashcard file from a file descriptor in chunks, handing its cards to `onRows` as
  /// they are read, so that memory holds a chunk of the file and never the whole of it.
  ///
  /// The file reads as ``read(_:format:options:)-([UInt8],_,_)`` reads its bytes; `onRows` is
  /// called with the cards of each stretch of the file, in file order.
  ///
  /// ```swift
  /// var drafts: [WordDraft] = []
  /// let result = try FlashcardReader.read(fileDescriptor: descriptor) { rows in
  ///   drafts += rows.map(\.draft)
  /// }
  /// result.problems  // the rejected records; result.rows is empty
  /// ```
  ///
  /// - Parameters:
  ///   - fileDescriptor: An open file, pipe or terminal, read from its current offset to its
  ///     end; the caller closes it.
  ///   - format: The file's format, or `nil` to detect it from its first lines.
  ///   - options: How to read the file.
  ///   - onRows: Called with each batch of accepted cards. It may throw
  ///     ``FlashcardReadError/stopped`` to end the reading there (an import that failed or was
  ///     cancelled), which the reading then throws. The reading also stops with
  ///     ``FlashcardReadError/stopped`` at the next chunk once the current task is cancelled.
  /// - Returns: The format used and the rejected records; its `rows` are empty, as they went to
  ///   `onRows`.
  /// - Throws: ``FlashcardReadError`` as ``read(_:format:options:)-([UInt8],_,_)`` does, and
  ///   ``FlashcardReadError/readFailed(errorNumber:)`` when reading fails. Cards handed to
  ///   `onRows` before the error are from the part of the file before it.
  /// - Complexity: O(*n*) in the number of bytes. Besides the result's problems, memory holds
  ///   at most ``FlashcardReadOptions/maximumRecordLength`` plus one chunk of the file.
  public static func read(
    fileDescriptor: Int32,
    format: FlashcardFormat? = nil,
    options: FlashcardReadOptions = FlashcardReadOptions(),
    onRows: ([FlashcardRow]) throws(FlashcardReadError) -> Void
  ) throws(FlashcardReadError) -> ParseResult {
    try read(
      fileDescriptor: fileDescriptor, format: format, options: options, chunkSize: chunkSize,
      onRows: onRows)
  }

  /// ``read(fileDescriptor:format:options:onRows:)`` with a chosen chunk size, for tests.
  static func read(
    fileDescriptor: Int32,
    format: FlashcardFormat?,
    options: FlashcardReadOptions,
    chunkSize: Int,
    onRows: ([FlashcardRow]) throws(FlashcardReadError) -> Void
  ) throws(FlashcardReadError) -> ParseResult {
    var input = ChunkedInput(fileDescriptor: fileDescriptor, chunkSize: chunkSize)
    return try read(&input, format: format, options: options, onRows: onRows)
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

  /// Detects the format from the first window, then reads the file window by window.
  private static func read(
    _ input: inout ChunkedInput,
    format: FlashcardFormat?,
    options: FlashcardReadOptions,
    onRows: ([FlashcardRow]) throws(FlashcardReadError) -> Void
  ) throws(FlashcardReadError) -> ParseResult {
    let window = max(options.maximumRecordLength, 1)
    try input.fill(toHold: window + 1)
    let isWhole = input.isAtEnd
    // Decided on the first window alone, so a file reads the same in memory and in chunks.
    let hasOnlyCarriageReturns = try input.withCheckedBytes { all in
      let first = all[..<min(all.count, window)]
      return !first.contains(ByteClass.lineFeed) && first.contains(ByteClass.carriageReturn)
    }
    if hasOnlyCarriageReturns { input.readCarriageReturnsAsLineFeeds() }
    let (detected, quizletSeparator, byteOrderMark) = try input.withCheckedBytes {
      all throws(FlashcardReadError) in
      // Detection sees whole lines only, as it would in the whole file.
      var sample = UnsafeBufferPointer(rebasing: all[..<min(all.count, window)])
      if !isWhole || sample.count < all.count, let last = sample.lastIndex(of: ByteClass.lineFeed) {
        sample = UnsafeBufferPointer(rebasing: sample[...last])
      }
      let start = ByteClass.byteOrderMarkLength(in: sample)
      if format == nil && FormatDetection.isSQLScript(sample, from: start) {
        throw .sqlScript
      }
      return (
        FormatDetection.detect(sample, from: start),
        FormatDetection.separator(in: sample, from: start), start
      )
    }
    input.advance(to: input.start + byteOrderMark, line: 1)
    let format = format ?? detected.format
    switch format {
    case .anki:
      var parser = AnkiParser(options: options)
      return try read(
        &input, with: &parser, into: ParseResult(format: format, separator: "\t"),
        window: window, problemLimit: options.maximumProblemCount,
        stopsAtFirstProblem: options.stopsAtFirstProblem, onRows: onRows)
    case .quizlet:
      let separator = options.separator ?? quizletSeparator
      let cardSeparator = options.cardSeparator ?? "\n"
      for text in [separator, cardSeparator] where text.isEmpty {
        throw .unsupportedSeparator(text)
      }
      var parser = QuizletParser(
        termSeparator: Array(separator.utf8), cardSeparator: Array(cardSeparator.utf8))
      return try read(
        &input, with: &parser, into: ParseResult(format: format, separator: separator),
        window: window, problemLimit: options.maximumProblemCount,
        stopsAtFirstProblem: options.stopsAtFirstProblem, onRows: onRows)
    case .csv, .tsv:
      let separator =
        options.separator
        ?? (format == .csv && detected.format == .csv
          ? detected.separator : format.defaultSeparator)
      guard let byte = DelimiterByte.byte(for: separator) else {
        throw .unsupportedSeparator(separator)
      }
      let columns = [options.termColumn, options.meaningColumn, options.studyStateColumn]
      for case .number(let number)? in columns where number < 1 {
        throw .invalidColumn(number)
      }
      var parser = TableParser(format: format, separator: byte, options: options)
      return try read(
        &input, with: &parser, into: ParseResult(format: format, separator: separator),
        window: window, problemLimit: options.maximumProblemCount,
        stopsAtFirstProblem: options.stopsAtFirstProblem, onRows: onRows)
    }
  }

  /// Hands `parser` the file a window at a time: each window starts at the first record not yet
  /// read and holds up to `window` bytes, so a record that does not end inside its window is
  /// longer than that and is rejected, whether the file is in memory or read in chunks.
  private static func read<Parser: RecordParser>(
    _ input: inout ChunkedInput,
    with parser: inout Parser,
    into empty: ParseResult,
    window: Int,
    problemLimit: Int,
    stopsAtFirstProblem: Bool,
    onRows: ([FlashcardRow]) throws(FlashcardReadError) -> Void
  ) throws(FlashcardReadError) -> ParseResult {
    var result = empty
    while true {
      // One byte past the window tells whether the window runs to the end of the file.
      try input.fill(toHold: window + 1)
      let isFinal = input.isAtEnd && input.checkedCount <= window
      let (start, line) = (input.start, input.line)
      let next = try input.withCheckedBytes { bytes throws(FlashcardReadError) in
        let visible = UnsafeBufferPointer(rebasing: bytes[..<min(bytes.count, window)])
        return try parser.parse(visible, from: 0, line: line, isFinal: isFinal, into: &result)
      }
      if !result.rows.isEmpty {
        try onRows(result.rows)
        result.rows.removeAll(keepingCapacity: true)
      }
      let excess = result.problems.count - max(problemLimit, 0)
      if excess > 0 {
        result.omittedProblemCount += excess
        result.problems.removeLast(excess)
      }
      if isFinal || (stopsAtFirstProblem && !result.problems.isEmpty) { return result }
      if next.position > 0 {
        input.advance(to: start + next.position, line: next.line)
      } else {
        if result.problems.count < problemLimit {
          let text = try input.withCheckedBytes { LineProblem.text(of: $0, 0..<window) }
          result.problems.append(
            LineProblem(line: line, reason: .tooLong(limit: window), text: text))
        } else {
          result.omittedProblemCount += 1
        }
        // A record that never ends (`/dev/zero`) is not read to its end when one problem is
        // enough to refuse the file.
        if stopsAtFirstProblem { return result }
        switch parser.recordEnd {
        case .separator(let separator):
          try input.skip(
            throughSeparator: separator, from: max(0, window - (separator.count - 1)))
        case .quotedFields(let fieldSeparator):
          // A quoted field may hold line feeds: the record ends at the first one outside
          // quotes, found by reading it again from its start.
          try input.skipQuotedRecord(fieldSeparator: fieldSeparator)
        }
      }
    }
  }
}
