/// How ``FlashcardReader`` reads a file.
///
/// The defaults read every supported file without any option: the format, the separator and a
/// CSV or TSV header row are detected, and Anki's HTML is turned into plain text.
public struct FlashcardReadOptions: Hashable, Sendable {
  /// What to do with the HTML in an Anki file's fields.
  public enum HTMLHandling: String, Hashable, Sendable, CaseIterable {
    /// Keep the fields exactly as the file holds them.
    case keep
    /// Remove tags, turn `<br>` and block ends into newlines, and decode entities.
    case stripToText
  }

  /// Whether the first record of a CSV or TSV file is a header row.
  public enum HeaderHandling: String, Hashable, Sendable, CaseIterable {
    /// A header when the first record names a term column and a meaning column
    /// (such as `term,meaning` or `word<TAB>definition`).
    case detect
    /// The first record is always a header.
    case present
    /// The first record is always a card.
    case absent
  }

  /// The separator between term and meaning (between fields for CSV, TSV and Anki), overriding
  /// the file's `#separator:` header and detection. Names such as `tab` are resolved with
  /// ``separator(named:)``.
  public var separator: String?
  /// The separator between Quizlet cards; a newline when `nil`.
  public var cardSeparator: String?
  /// What to do with the HTML in Anki fields whose file says `#html:true` or has no header.
  public var html: HTMLHandling
  /// Whether a CSV or TSV file starts with a header row.
  public var header: HeaderHandling
  /// The CSV or TSV column holding the term; from the header, or column 1 of a file with at
  /// most two columns, when `nil`.
  public var termColumn: FlashcardColumn?
  /// The CSV or TSV column holding the meaning; from the header, or column 2 of a file with at
  /// most two columns, when `nil`.
  public var meaningColumn: FlashcardColumn?
  /// The CSV or TSV column holding the study state; from the header (`state`) when `nil`.
  public var studyStateColumn: FlashcardColumn?
  /// The most bytes a record (a line, or the lines of a record with a quoted line break, or a
  /// Quizlet card) may take, with its line end. A longer record is rejected with
  /// ``LineProblem/Reason/tooLong(limit:)`` and reading goes on after it, so that a reader
  /// never holds more than this much of a file at once. 1 MiB unless set.
  public var maximumRecordLength: Int
  /// The most problems a result keeps; later ones are only counted, in
  /// ``ParseResult/omittedProblemCount``. 10,000 unless set.
  public var maximumProblemCount: Int
  /// Whether each CSV or TSV row also keeps every field of its record, in
  /// ``FlashcardRow/fields``, for a reader of columns other than a card's (a review history).
  /// `false` unless set.
  public var keepsFields: Bool
  /// Whether reading stops at the first problem, for a reader that refuses the whole file for
  /// one bad line (a review history): a record that never ends is then not read to its end.
  /// `false` unless set.
  public var stopsAtFirstProblem: Bool

  /// Creates options.
  public init(
    separator: String? = nil,
    cardSeparator: String? = nil,
    html: HTMLHandling = .stripToText,
    header: HeaderHandling = .detect,
    termColumn: FlashcardColumn? = nil,
    meaningColumn: FlashcardColumn? = nil,
    studyStateColumn: FlashcardColumn? = nil,
    maximumRecordLength: Int = 1 << 20,
    maximumProblemCount: Int = 10_000,
    keepsFields: Bool = false,
    stopsAtFirstProblem: Bool = false
  ) {
    self.separator = separator
    self.cardSeparator = cardSeparator
    self.html = html
    self.header = header
    self.termColumn = termColumn
    self.meaningColumn = meaningColumn
    self.studyStateColumn = studyStateColumn
    self.maximumRecordLength = maximumRecordLength
    self.maximumProblemCount = maximumProblemCount
    self.keepsFields = keepsFields
    self.stopsAtFirstProblem = stopsAtFirstProblem
  }

  /// The separator text for a name as Anki's `#separator:` header and the `--separator` option
  /// accept it: `tab`, `comma`, `semicolon`, `pipe`, `space`, `colon`, `newline`, the escapes `\t`
  /// and `\n`, or any other text taken literally.
  ///
  /// ```swift
  /// FlashcardReadOptions.separator(named: "Pipe")  // "|"
  /// FlashcardReadOptions.separator(named: "::")    // "::"
  /// ```
  public static func separator(named name: String) -> String {
    switch name.lowercased() {
    case "tab", "\\t": "\t"
    case "comma": ","
    case "semicolon": ";"
    case "pipe": "|"
    case "space": " "
    case "colon": ":"
    case "newline", "\\n": "\n"
    default: name
    }
  }

  /// The name ``separator(named:)`` reads back as `separator`: `tab`, `comma`, `semicolon`,
  /// `pipe`, `space`, `colon` or `newline`, else the separator itself.
  ///
  /// ```swift
  /// FlashcardReadOptions.name(ofSeparator: "\t")  // "tab"
  /// FlashcardReadOptions.name(ofSeparator: "::")  // "::"
  /// ```
  public static func name(ofSeparator separator: String) -> String {
    switch separator {
    case "\t": "tab"
    case ",": "comma"
    case ";": "semicolon"
    case "|": "pipe"
    case " ": "space"
    case ":": "colon"
    case "\n": "newline"
    default: separator
    }
  }
}
