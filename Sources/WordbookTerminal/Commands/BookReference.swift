import Wordbook

/// A wordbook named on the command line: by ID or by title, under one rule in every command.
///
/// - A number, written `7` or `#7`, is an ID and reaches that book, whatever the titles.
/// - Anything else is a title, compared as titles are kept unique: surrounding white space and
///   case are ignored and Unicode text is compared normalized, so `" toeic 800"` reaches
///   "TOEIC 800".
/// - `title:TEXT` is always the title TEXT, so a book titled "2025" stays reachable as
///   `title:2025`.
///
/// A reference never creates a book by itself: `import --book` creates one only when the
/// reference is a title that no book has.
public struct BookReference: Hashable, Sendable {
  /// The text as given.
  public var text: String

  /// The prefix that makes the rest of the text a title even when it is a number.
  static let titlePrefix = "title:"

  /// Creates a reference from the text given on the command line.
  public init(_ text: String) {
    self.text = text
  }

  /// The ID the text names, or `nil` when it names a title.
  public var id: WordBook.ID? {
    let digits = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      let raw = Int64(digits)
    else { return nil }
    return WordBook.ID(raw)
  }

  /// The title the text names: the text after `title:`, or the whole text; `nil` for an ID.
  public var title: String? {
    if text.hasPrefix(Self.titlePrefix) { return String(text.dropFirst(Self.titlePrefix.count)) }
    return id == nil ? text : nil
  }

  /// The book the text names.
  ///
  /// - Parameter books: The wordbooks to look in.
  /// - Returns: The book, or `nil` when none has the ID or the title.
  public func resolve(in books: [WordBook]) -> WordBook? {
    if let title {
      let key = title.wordbookTitleKey
      return books.first { $0.title.wordbookTitleKey == key }
    }
    return books.first { $0.id == id }
  }
}
