/// What a bulk import did.
public struct ImportSummary: Hashable, Sendable, Codable {
  /// The book the words went into (created when it did not exist).
  public var book: WordBook
  /// Rows added as new words.
  public var imported: Int
  /// Rows that overwrote an existing word with the same term.
  public var updated: Int
  /// Rows skipped because the term was already in the book.
  public var skipped: Int

  /// Creates a summary.
  public init(book: WordBook, imported: Int = 0, updated: Int = 0, skipped: Int = 0) {
    self.book = book
    self.imported = imported
    self.updated = updated
    self.skipped = skipped
  }
}
