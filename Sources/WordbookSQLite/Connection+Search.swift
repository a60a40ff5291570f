import Wordbook

/// The SQL behind ``SQLiteWordService``'s search.
extension Connection {
  /// Up to `limit` words of one book whose term or meaning contains `query`, in the order they
  /// were added, starting after the word `after`.
  ///
  /// A query of three or more characters (Unicode scalars, which is what the trigram tokenizer
  /// counts) is looked up in the `words_search` trigram index and matches ignoring case; the
  /// index is read only between the book's first and last word IDs, so other books' words cost
  /// little. The trigram index cannot answer a shorter query, so one or two characters (or
  /// none) are found by a `LIKE` scan of the book's words through its index, which ignores the
  /// case of ASCII letters only; a page stops the scan once it is full.
  func searchWords(
    matching query: String, in bookID: WordBook.ID, after: Word.ID?, limit: Int
  ) throws(WordServiceError) -> [Word] {
    let usesIndex = query.unicodeScalars.count >= 3
    let statement: Statement
    if usesIndex {
      guard let (first, last) = try wordIDRange(of: bookID) else { return [] }
      statement = try self.statement(
        """
        SELECT w.id, w.term, w.meaning, w.image_reference, w.study_state
        FROM words_search CROSS JOIN words AS w ON w.id = words_search.rowid
        WHERE words_search MATCH ?1 AND words_search.rowid > ?2
          AND words_search.rowid <= ?5 AND w.book_id = ?3
        ORDER BY words_search.rowid LIMIT ?4
        """)
      statement.bind(Self.phrase(query), at: 1)
      statement.bind(max(after?.rawValue ?? 0, first.rawValue - 1), at: 2)
      statement.bind(last.rawValue, at: 5)
    } else {
      statement = try self.statement(
        """
        SELECT id, term, meaning, image_reference, study_state
        FROM words INDEXED BY words_by_book
        WHERE book_id = ?3 AND id > ?2
          AND (term LIKE ?1 ESCAPE '\\' OR meaning LIKE ?1 ESCAPE '\\')
        ORDER BY id LIMIT ?4
        """)
      statement.bind(Self.likePattern(query), at: 1)
      statement.bind(after?.rawValue ?? 0, at: 2)
    }
    defer { statement.reset() }
    statement.bind(bookID.rawValue, at: 3)
    statement.bind(Int64(limit), at: 4)
    var words: [Word] = []
    while try statement.step(self, .searchWords) { words.append(statement.word()) }
    return words
  }

  /// The IDs of the first and last words of a book, read from its index; `nil` when it has no
  /// word.
  private func wordIDRange(of bookID: WordBook.ID) throws(WordServiceError)
    -> (first: Word.ID, last: Word.ID)?
  {
    // Two subqueries, since SQLite reads a lone min() or max() from the index's ends but
    // scans for both at once.
    let statement = try self.statement(
      """
      SELECT (SELECT min(id) FROM words WHERE book_id = ?1),
        (SELECT max(id) FROM words WHERE book_id = ?1)
      """)
    defer { statement.reset() }
    statement.bind(bookID.rawValue, at: 1)
    guard try statement.step(self, .searchWords), !statement.isNull(at: 0) else {
      return nil
    }
    return (Word.ID(statement.int64(at: 0)), Word.ID(statement.int64(at: 1)))
  }

  /// The IDs of every book from `first` on, in order.
  func bookIDs(from first: WordBook.ID) throws(WordServiceError) -> [WordBook.ID] {
    let statement = try self.statement("SELECT id FROM books WHERE id >= ?1 ORDER BY id")
    defer { statement.reset() }
    statement.bind(first.rawValue, at: 1)
    var ids: [WordBook.ID] = []
    while try statement.step(self, .searchWords) {
      ids.append(WordBook.ID(statement.int64(at: 0)))
    }
    return ids
  }

  /// `query` as one FTS5 string, so its characters are matched as text, never read as the
  /// query syntax (`AND`, `*`, `"`, column filters).
  private static func phrase(_ query: String) -> String {
    "\"" + query.replacing("\"", with: "\"\"") + "\""
  }

  /// `query` as a `LIKE` pattern matching any text that contains it, its own `%`, `_` and
  /// `\` escaped.
  private static func likePattern(_ query: String) -> String {
    var pattern = "%"
    for character in query {
      if character == "%" || character == "_" || character == "\\" { pattern.append("\\") }
      pattern.append(character)
    }
    return pattern + "%"
  }
}
