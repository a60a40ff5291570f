import Wordbook

/// The SQL of one user's words.
extension UserLibrary {
  /// The columns a ``PostgresRows/word(_:)`` reads.
  static let wordColumns = "id, term, meaning, image_reference, study_state"

  /// Adds a word at the end of a book the caller has checked is the user's.
  ///
  /// - Parameter journaled: Whether to journal the word; an import journals its book instead.
  func insertWord(_ draft: WordDraft, into bookID: WordBook.ID, journaled: Bool = true)
    throws(WordServiceError) -> Word
  {
    let rows = try query(
      """
      INSERT INTO words (user_id, book_id, term, term_key, meaning, image_reference, study_state)
      VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id
      """,
      [
        .book(bookID), .text(draft.term), .text(draft.term.canonicalTerm), .text(draft.meaning),
        draft.imageReference.map(PostgresValue.text), .state(draft.studyState),
      ], .saveWord)
    let word = Word(
      id: Word.ID(rows.integer(0, 0)), term: draft.term, meaning: draft.meaning,
      imageReference: draft.imageReference, studyState: draft.studyState)
    if journaled { try journal(0, book: bookID, word: word.id) }
    return word
  }

  /// Up to `limit` words of a book with IDs after `word`, in the order they were added; every
  /// word when `limit` is `nil`.
  func words(in bookID: WordBook.ID, after word: Word.ID? = nil, limit: Int? = nil)
    throws(WordServiceError) -> [Word]
  {
    try query(
      """
      SELECT \(Self.wordColumns) FROM words
      WHERE user_id = $1 AND book_id = $2 AND id > $3 ORDER BY id LIMIT $4
      """,
      [.book(bookID), .integer(word?.rawValue ?? 0), limit.map { .integer(Int64($0)) }],
      .loadWords
    ).words
  }

  /// The count of each study state in each book that has words.
  func tallies() throws(WordServiceError) -> [WordBook.ID: StudyTally] {
    let rows = try query(
      "SELECT book_id, study_state, count(*) FROM words WHERE user_id = $1 "
        + "GROUP BY book_id, study_state", [], .countWords)
    var tallies: [WordBook.ID: StudyTally] = [:]
    for row in 0..<rows.count {
      guard let state = StudyState(rawValue: UInt8(clamping: rows.integer(row, 1))) else {
        continue
      }
      tallies[WordBook.ID(rows.integer(row, 0)), default: StudyTally()][state] =
        Int(rows.integer(row, 2))
    }
    return tallies
  }

  /// Sets a word's term and meaning; the word as stored afterwards, or `nil` when the user has
  /// no such word.
  func setTerm(_ term: String, meaning: String, of wordID: Word.ID) throws(WordServiceError)
    -> Word?
  {
    let rows = try query(
      """
      UPDATE words SET term = $3, term_key = $4, meaning = $5 WHERE user_id = $1 AND id = $2
      RETURNING \(Self.wordColumns), book_id
      """, [.word(wordID), .text(term), .text(term.canonicalTerm), .text(meaning)], .saveWord)
    guard rows.count == 1 else { return nil }
    try journal(1, book: WordBook.ID(rows.integer(0, 5)), word: wordID)
    return rows.word(0)
  }

  /// Deletes a word; `false` when the user has no word with the ID.
  func removeWord(_ wordID: Word.ID) throws(WordServiceError) -> Bool {
    let rows = try query(
      "DELETE FROM words WHERE user_id = $1 AND id = $2 RETURNING book_id", [.word(wordID)],
      .deleteWord)
    guard rows.count == 1 else { return false }
    try journal(2, book: WordBook.ID(rows.integer(0, 0)), word: wordID)
    return true
  }

  /// Up to `limit` words whose term or meaning contains `query` ignoring case, in one book or
  /// every book, by book ID then word ID, after the hit `after`.
  ///
  /// `strpos` on the lowercased text, so `%`, `_` and `\` are plain characters; the case is
  /// folded by the database's collation.
  func searchWords(
    matching query: String, in bookID: WordBook.ID?, after: WordSearchHit?, limit: Int
  ) throws(WordServiceError) -> [WordSearchHit] {
    let rows = try self.query(
      """
      SELECT \(Self.wordColumns), book_id FROM words
      WHERE user_id = $1 AND ($2::bigint IS NULL OR book_id = $2) AND (book_id, id) > ($3, $4)
        AND (strpos(lower(term), lower($5)) > 0 OR strpos(lower(meaning), lower($5)) > 0)
      ORDER BY book_id, id LIMIT $6
      """,
      [
        bookID.map(PostgresValue.book), .integer(after?.bookID.rawValue ?? 0),
        .integer(after?.word.id.rawValue ?? 0), .text(query), .integer(Int64(limit)),
      ], .searchWords)
    return (0..<rows.count).map { row in
      WordSearchHit(bookID: WordBook.ID(rows.integer(row, 5)), word: rows.word(row))
    }
  }
}
