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
    /// The image field holds something that is not the name of a file in the media folder.
    case invalidImageName(String)
    /// A quoted field is never closed, so the rest of the file belongs to it.
    case unterminatedQuote
    /// The record does not end within `limit` bytes; it is skipped up to the end of the line
    /// where it passes the limit.
    case tooLong(limit: Int)

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
      case .invalidImageName(let text):
        "\"\(text)\" is not a picture's file name (no folder, no leading dot)"
      case .unterminatedQuote:
        "a quoted field is never closed"
      case .tooLong(let limit):
        "longer than \(Self.size(limit)); it was skipped (split it, or check the file is text)"
      }
    }

    /// `1 MiB`, `64 KiB` or `100 bytes`.
    private static func size(_ bytes: Int) -> String {
      if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
      if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
      return "\(bytes) bytes"
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
