/// A column of a CSV or TSV file, chosen by its 1-based number or by its name in the header.
///
/// ```swift
/// FlashcardColumn(parsing: "3")    // .number(3)
/// FlashcardColumn(parsing: "def")  // .named("def")
/// let options = FlashcardReadOptions(termColumn: 2, meaningColumn: "def")
/// ```
public enum FlashcardColumn: Hashable, Sendable, CustomStringConvertible,
  ExpressibleByIntegerLiteral, ExpressibleByStringLiteral
{
  /// The column with this 1-based number.
  case number(Int)
  /// The column whose header field is this name (compared like the detected header names:
  /// ignoring case, spaces, `_` and `-`); the file must start with a header row.
  case named(String)

  /// A column from command-line text: a number when the text is all digits, else a name.
  public init(parsing text: String) {
    if !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let number = Int(text) {
      self = .number(number)
    } else {
      self = .named(text)
    }
  }

  /// Creates a column from its 1-based number.
  public init(integerLiteral value: Int) { self = .number(value) }

  /// Creates a column from its header name.
  public init(stringLiteral value: String) { self = .named(value) }

  /// The number, or the name in quotes.
  public var description: String {
    switch self {
    case .number(let number): "\(number)"
    case .named(let name): "\"\(name)\""
    }
  }
}
