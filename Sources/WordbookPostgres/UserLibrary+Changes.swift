import Wordbook

/// The change journal, read by the change feed.
extension UserLibrary {
  /// The most journal rows one read lists; a feed further behind reloads instead.
  static let journalReadLimit = 1000

  /// The number of the user's newest journal row, or 0 when there is none.
  func latestChange() throws(WordServiceError) -> Int64 {
    try query("SELECT coalesce(max(seq), 0) FROM changes WHERE user_id = $1", [], .readChanges)
      .integer(0, 0)
  }

  /// The user's changes journaled after row `seq`, with the number of the last row read: each
  /// change as a ``WordChange``, with the words as stored now, read in one statement.
  ///
  /// A word added or updated and deleted since is left out: its deletion follows. When more
  /// than ``journalReadLimit`` rows are new, every book is reported as reloaded instead.
  func changes(after seq: Int64) throws(WordServiceError) -> (changes: [WordChange], last: Int64) {
    let rows = try query(
      """
      SELECT c.seq, c.kind, c.book_id, c.word_id,
        w.id, w.term, w.meaning, w.image_reference, w.study_state
      FROM changes AS c
      LEFT JOIN words AS w ON c.kind IN (0, 1) AND w.id = c.word_id AND w.user_id = c.user_id
      WHERE c.user_id = $1 AND c.seq > $2 ORDER BY c.seq LIMIT $3
      """,
      [.integer(seq), .integer(Int64(Self.journalReadLimit + 1))], .readChanges)
    guard rows.count > 0 else { return ([], seq) }
    if rows.count > Self.journalReadLimit {
      let reloads = try books().map { WordChange.bookReloaded($0.id) }
      return ([.booksChanged] + reloads, try latestChange())
    }
    var changes: [WordChange] = []
    for row in 0..<rows.count {
      let book = WordBook.ID(rows.integer(row, 2))
      let word = rows.isNull(row, 4) ? nil : rows.word(row, from: 4)
      switch rows.integer(row, 1) {
      case 0: if let word { changes.append(.wordAdded(word, book: book)) }
      case 1: if let word { changes.append(.wordUpdated(word, book: book)) }
      case 2: changes.append(.wordDeleted(Word.ID(rows.integer(row, 3)), book: book))
      case 3: changes.append(.bookReloaded(book))
      default: if changes.last != .booksChanged { changes.append(.booksChanged) }
      }
    }
    return (changes, rows.integer(rows.count - 1, 0))
  }
}
