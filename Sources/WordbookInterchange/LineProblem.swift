/// A record of a flashcard file that was rejected, with the line it starts on and why.
public struct LineProblem: Hashable, Sendable, CustomStringConvertible {
  /// Why a record was rejected.
  public enum Reason: Hashable, Sendable, CustomStringConvertible {
    /// The record has no separator between term and meaning.
    case missingSeparator(String)
    /// The record has more separators than the format allows.
    case tooManySeparators(found: Int, separator: String)
    /// The record has more fields than the header or the first row.
    case tooManyFields(found: Int, expected: Int)
    /// The record ends before the column that holds the term or the meaning.
    case tooFewFields(found: Int, expected: Int)
    /// The term is empty.
    case emptyTerm
    /// The study-state field holds something that is not a study state.
    case unknownStudyState(String)
    /// A quoted field is never closed, so the rest of the file belongs to it.
    case unterminatedQuote

    /// A sentence describing the reason.
    public var description: String {
      switch self {
      case .missingSeparator(let separator):
        "no separator \(Self.visible(separator)) between term and meaning"
      case .tooManySeparators(let found, let separator):
        "\(found) separators \(Self.visible(separator)) where one is expected"
      case .tooManyFields(let found, let expected):
        "\(found) fields where at most \(expected) are expected"
      case .tooFewFields(let found, let expected):
        "\(found) fields where at least \(expected) are needed"
      case .emptyTerm:
        "the term is empty"
      case .unknownStudyState(let text):
        "\"\(text)\" is not a study state (success, fail or notStudied)"
      case .unterminatedQuote:
        "a quoted field is never closed"
      }
    }

    private static func visible(_ separator: String) -> String {
      switch separator {
      case "\t": "(tab)"
      case "\n": "(newline)"
      case " ": "(space)"
      default: "\"\(separator)\""
      }
    }
  }

  /// The 1-based line where the rejected record starts.
  public var line: Int
  /// Why the record was rejected.
  public var reason: Reason

  /// Creates a problem.
  public init(line: Int, reason: Reason) {
    self.line = line
    self.reason = reason
  }

  /// The problem as `line N: reason`.
  public var description: String { "line \(line): \(reason)" }
}
