import Wordbook
import WordbookInterchange

/// What `wordbook import` was asked to do.
public struct ImportRequest: Hashable, Sendable {
  /// The file to read.
  public var file: String
  /// The title of the book to import into; created when missing.
  public var bookTitle: String
  /// The file's format, or `nil` to detect it.
  public var format: FlashcardFormat?
  /// The field separator (a name such as `tab` or literal text), or `nil` for the format's.
  public var separator: String?
  /// What to do with a row equal to a card of the book (same term and meaning).
  public var duplicates: DuplicatePolicy
  /// Whether a CSV or TSV file starts with a header row (`--header`, `--no-header`).
  public var header: FlashcardReadOptions.HeaderHandling
  /// The column of the terms (`--term-column`), or `nil` for the header's or the first.
  public var termColumn: FlashcardColumn?
  /// The column of the meanings (`--meaning-column`), or `nil` for the header's or the second.
  public var meaningColumn: FlashcardColumn?
  /// The column of the study states (`--state-column`), or `nil` for the header's.
  public var studyStateColumn: FlashcardColumn?
  /// Whether `--format apkg` named the file an Anki package; one is also detected by content.
  public var isAnkiPackage = false

  /// Creates a request.
  public init(
    file: String, bookTitle: String, format: FlashcardFormat? = nil, separator: String? = nil,
    duplicates: DuplicatePolicy = .skip, header: FlashcardReadOptions.HeaderHandling = .detect,
    termColumn: FlashcardColumn? = nil, meaningColumn: FlashcardColumn? = nil,
    studyStateColumn: FlashcardColumn? = nil
  ) {
    self.file = file
    self.bookTitle = bookTitle
    self.format = format
    self.separator = separator
    self.duplicates = duplicates
    self.header = header
    self.termColumn = termColumn
    self.meaningColumn = meaningColumn
    self.studyStateColumn = studyStateColumn
  }

  /// How to read the file.
  var readOptions: FlashcardReadOptions {
    FlashcardReadOptions(
      separator: separator.map(FlashcardReadOptions.separator(named:)), header: header,
      termColumn: termColumn, meaningColumn: meaningColumn, studyStateColumn: studyStateColumn)
  }
}

/// What `wordbook export` was asked to do.
public struct ExportRequest: Hashable, Sendable {
  /// The book to export, by title or ID.
  public var book: String
  /// The format to write, or `nil` for the output file's extension, else CSV.
  public var format: FlashcardFormat?
  /// The file to write, or `nil` for standard output.
  public var output: String?

  /// Creates a request.
  public init(book: String, format: FlashcardFormat? = nil, output: String? = nil) {
    self.book = book
    self.format = format
    self.output = output
  }

  /// The format to write: the one asked for, else the output file's, else CSV.
  public var resolvedFormat: FlashcardFormat {
    if let format { return format }
    if let output, let dot = output.lastIndex(of: "."),
      let inferred = FlashcardFormat(fileExtension: String(output[output.index(after: dot)...]))
    {
      return inferred
    }
    return .csv
  }
}
