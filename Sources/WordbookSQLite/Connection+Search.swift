import Wordbook

/// The SQL behind ``SQLiteWordService``'s search.
extension Connection {
  /// Up to `limit` words whose term or meaning contains `query`, with the book of each, in the
  /// order they were added, starting after the word `after`.
  ///
  /// A query of three or more characters (Unicode scalars, which is what the trigram tokenizer
  /// counts) is looked up in the `words_search` trigram index and matches ignoring case. The
  /// trigram index cannot answer a shorter one, so one or two characters are found by a `LIKE`
  /// scan of the words (of one book, through its index, when `bookID` is given), which ignores
  /// the case of ASCII letters only; such a short query in a large library is slower, and the
  /// pages keep the scan's memory flat.
  func searchWords(
    matching query: String, in bookID: WordBook.ID?, after: Word.ID?, limit: Int
  ) throws(WordServiceError) -> [(bookID: WordBook.ID, word: Word)] {
    let usesIndex = query.unicodeScalars.count >= 3
    let sql: String
    switch (usesIndex, bookID != nil) {
    case (true, false):
      sql = """
        SELECT w.id, w.term, w.meaning, w.image_reference, w.study_state, w.book_id
        FROM words_search CROSS JOIN words AS w ON w.id = words_search.rowid
        WHERE words_search MATCH ?1 AND words_search.rowid > ?2
        ORDER BY words_search.rowid LIMIT ?4
        """
    case (true, true):
      sql = """
        SELECT w.id, w.term, w.meaning, w.image_reference, w.study_state, w.book_id
        FROM words_search CROSS JOIN words AS w ON w.id = words_search.rowid
        WHERE words_search MATCH ?1 AND words_search.rowid > ?2 AND w.book_id = ?3
        ORDER BY words_search.rowid LIMIT ?4
        """
    case (false, false):
      sql = """
        SELECT id, term, meaning, image_reference, study_state, book_id FROM words
        WHERE id > ?2 AND (term LIKE ?1 ESCAPE '\\' OR meaning LIKE ?1 ESCAPE '\\')
        ORDER BY id LIMIT ?4
        """
    case (false, true):
      sql = """
        SELECT id, term, meaning, image_reference, study_state, book_id
        FROM words INDEXED BY words_by_book
        WHERE book_id = ?3 AND id > ?2
          AND (term LIKE ?1 ESCAPE '\\' OR meaning LIKE ?1 ESCAPE '\\')
        ORDER BY id LIMIT ?4
        """
    }
    let statement = try self.statement(sql)
    defer { statement.reset() }
    statement.bind(usesIndex ? Self.phrase(query) : Self.likePattern(query), at: 1)
    statement.bind(after?.rawValue ?? 0, at: 2)
    if let bookID { statement.bind(bookID.rawValue, at: 3) }
    statement.bind(Int64(limit), at: 4)
    var hits: [(bookID: WordBook.ID, word: Word)] = []
    while try statement.step(self, "search the words") {
      hits.append((WordBook.ID(statement.int64(at: 5)), statement.word()))
    }
    return hits
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
