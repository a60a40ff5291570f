import Wordbook

/// Writes cards as Anki, Quizlet, CSV or TSV text that ``FlashcardReader`` reads back unchanged.
///
/// Study states are kept: CSV and TSV get a `state` column, Anki a `wordbook::success` or
/// `wordbook::fail` tag, and Quizlet a third field on studied cards (see
/// ``FlashcardWriteOptions/includesQuizletStudyState``). CSV and TSV also get an `image` column
/// with the file name of a card's picture (empty for a card without one); the Anki and
/// Quizlet text formats have no place for it.
///
/// ```swift
/// let text = try FlashcardWriter.write(
///   [FlashcardRow(term: "사과", meaning: "apple", studyState: .success)], format: .csv)
/// // "term,meaning,state,image\n사과,apple,known,\n"
/// ```
public enum FlashcardWriter {
  /// The header row of the CSV and TSV files the writer makes: an import that finds it knows
  /// the file for one of its own and need not say that line 1 was taken for a header.
  public static let headerFields = ["term", "meaning", "state", "image"]

  /// Writes cards in a format.
  ///
  /// - Parameters:
  ///   - rows: The cards, in the order to write them.
  ///   - format: The format to write.
  ///   - options: Separators, the CSV/TSV header row and the Quizlet state field.
  /// - Returns: The file's text, with LF line ends and a final newline.
  /// - Throws: ``FlashcardWriteError/separatorInField(row:separator:)`` when a Quizlet field holds
  ///   a separator, ``FlashcardWriteError/unsupportedSeparator(_:)`` when a CSV, TSV or Anki
  ///   separator is not one ASCII character.
  /// - Complexity: O(*n*) in the length of the text.
  public static func write(
    _ rows: some Sequence<FlashcardRow>,
    format: FlashcardFormat,
    options: FlashcardWriteOptions = FlashcardWriteOptions()
  ) throws(FlashcardWriteError) -> String {
    let separator = options.separator ?? format.defaultSeparator
    switch format {
    case .quizlet:
      return try quizlet(rows, separator: separator, options: options)
    case .anki, .csv, .tsv:
      guard let byte = DelimiterByte.byte(for: separator) else {
        throw .unsupportedSeparator(separator)
      }
      var output = QuotingOutput(separator: byte, quotesLeadingHash: format == .anki)
      if format == .anki {
        if options.includesHeader {
          output.appendLine(text: "#separator:\(FlashcardReadOptions.name(ofSeparator: separator))")
          output.appendLine(text: "#html:false")
          output.appendLine(text: "#tags column:3")
        }
        for row in rows { output.appendRecord([row.term, row.meaning, ankiTags(of: row)]) }
      } else {
        if options.includesHeader {
          output.appendRecord(headerFields)
        }
        for row in rows {
          output.appendRecord([
            row.term, row.meaning, row.studyState.interchangeName, row.imageReference ?? "",
          ])
        }
      }
      return String(decoding: output.bytes, as: UTF8.self)
    }
  }

  private static func quizlet(
    _ rows: some Sequence<FlashcardRow>,
    separator: String,
    options: FlashcardWriteOptions
  ) throws(FlashcardWriteError) -> String {
    let cardSeparator = options.cardSeparator ?? "\n"
    var text = ""
    for (index, row) in rows.enumerated() {
      var fields = [row.term, row.meaning].map(trimmedForQuizlet)
      if options.includesQuizletStudyState && row.studyState != .notStudied {
        fields.append(row.studyState.interchangeName)
      }
      for field in fields {
        for forbidden in [separator, cardSeparator] where field.contains(forbidden) {
          throw .separatorInField(row: index + 1, separator: forbidden)
        }
      }
      text += fields.joined(separator: separator)
      text += cardSeparator
    }
    return text
  }

  /// The field as ``FlashcardReader`` reads it back from Quizlet text: without the spaces, tabs
  /// and line breaks at its ends.
  private static func trimmedForQuizlet(_ field: String) -> String {
    let scalars = field.unicodeScalars
    let isBlank: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
    guard let first = scalars.firstIndex(where: { !isBlank($0) }),
      let last = scalars.lastIndex(where: { !isBlank($0) })
    else { return "" }
    return String(scalars[first...last])
  }

  private static func ankiTags(of row: FlashcardRow) -> String {
    let tags = row.tags.map { tag in
      String(tag.map { $0.isWhitespace ? "_" : $0 })
    }
    return (tags + [row.studyState.ankiTag].compactMap { $0 }).joined(separator: " ")
  }
}
