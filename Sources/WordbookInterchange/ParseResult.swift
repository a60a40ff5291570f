/// What ``FlashcardReader`` found in a file: the cards it accepted and the records it rejected.
public struct ParseResult: Hashable, Sendable {
  /// The format the file was read as (detected when none was given).
  public var format: FlashcardFormat
  /// The separator between term and meaning that was used (from the options, the file or
  /// detection).
  public var separator: String
  /// Whether the first record was taken as a header row (CSV and TSV only): ``header`` is set.
  public var hasHeader: Bool { header != nil }
  /// The fields of the header row, when the first record was one.
  public var header: [String]?
  /// The accepted cards, in file order.
  public var rows: [FlashcardRow]
  /// The rejected records, in file order, up to ``FlashcardReadOptions/maximumProblemCount``.
  public var problems: [LineProblem]
  /// The rejected records past ``FlashcardReadOptions/maximumProblemCount``, counted but not
  /// kept, so that a file of junk lines cannot fill memory with problems.
  public var omittedProblemCount: Int

  /// Creates a result.
  public init(
    format: FlashcardFormat,
    separator: String,
    header: [String]? = nil,
    rows: [FlashcardRow] = [],
    problems: [LineProblem] = [],
    omittedProblemCount: Int = 0
  ) {
    self.format = format
    self.separator = separator
    self.header = header
    self.rows = rows
    self.problems = problems
    self.omittedProblemCount = omittedProblemCount
  }
}
