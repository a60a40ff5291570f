/// A word found by ``WordService/searchWords(matching:in:after:limit:)``, with its book.
public struct WordSearchHit: Hashable, Sendable, Codable {
  /// The book that holds the word.
  public var bookID: WordBook.ID
  /// The word.
  public var word: Word

  /// Creates a search hit.
  public init(bookID: WordBook.ID, word: Word) {
    self.bookID = bookID
    self.word = word
  }

  /// Whether this hit comes before `other` in search order: by book ID, then by word ID.
  package func precedes(_ other: WordSearchHit) -> Bool {
    (bookID, word.id) < (other.bookID, other.word.id)
  }
}
