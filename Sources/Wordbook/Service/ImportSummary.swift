/// What a bulk import did, one count per kind of row.
///
/// Every row lands in exactly one count, so their sum is the number of rows imported.
public struct ImportSummary: Hashable, Sendable, Codable {
  /// The book the words went into (created when it did not exist).
  public var book: WordBook
  /// Rows added as new cards with a term the book did not hold.
  public var added: Int
  /// Rows added as new cards with a term the book held under other meanings.
  public var homonyms: Int
  /// Duplicate rows that changed their card (``DuplicatePolicy/update`` only).
  public var updated: Int
  /// Duplicate rows that left their card as it was (``DuplicatePolicy/update`` only).
  public var unchanged: Int
  /// Duplicate rows: skipped under ``DuplicatePolicy/skip``, added again under
  /// ``DuplicatePolicy/keep``.
  public var duplicates: Int

  /// Creates a summary.
  public init(
    book: WordBook, added: Int = 0, homonyms: Int = 0, updated: Int = 0, unchanged: Int = 0,
    duplicates: Int = 0
  ) {
    self.book = book
    self.added = added
    self.homonyms = homonyms
    self.updated = updated
    self.unchanged = unchanged
    self.duplicates = duplicates
  }

  /// The number of rows the import was given.
  public var rowCount: Int { added + homonyms + updated + unchanged + duplicates }
}
