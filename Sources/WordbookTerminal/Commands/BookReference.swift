import Wordbook

/// A wordbook named on the command line: by ID or by title.
public struct BookReference: Hashable, Sendable {
  /// The text as given.
  public var text: String

  /// Creates a reference from the text given on the command line.
  public init(_ text: String) {
    self.text = text
  }

  /// The book `text` names: an exact title first, then a number as an ID, then a title that
  /// differs only in case.
  ///
  /// - Parameter books: The wordbooks to look in.
  /// - Returns: The book, or `nil` when none matches or several titles match ignoring case.
  public func resolve(in books: [WordBook]) -> WordBook? {
    if let book = books.first(where: { $0.title == text }) { return book }
    let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
    if let raw = Int64(digits), let book = books.first(where: { $0.id.rawValue == raw }) {
      return book
    }
    let matches = books.filter { $0.title.lowercased() == text.lowercased() }
    return matches.count == 1 ? matches[0] : nil
  }
}
