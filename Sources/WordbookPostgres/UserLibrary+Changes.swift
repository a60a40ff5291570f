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

  /// The user's changes journaled after row `seq`, each with its row, and the number of the
  /// last row read: each change as a ``WordChange``, with the words as stored now, read in one
  /// statement.
  ///
  /// A word added or updated and deleted since is left out: its deletion follows. When more
  /// than ``journalReadLimit`` rows are new, every book is reported as reloaded instead, as of
  /// the newest row.
  func changes(after seq: Int64) throws(WordServiceError) -> (
    changes: [JournaledChange], last: Int64
  ) {
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
      let latest = try latestChange()
      let reloads = try books().map { WordChange.bookReloaded($0.id) }
      return (([.booksChanged] + reloads).map { JournaledChange(seq: latest, change: $0) }, latest)
    }
    return (Self.changes(in: rows, 0..<rows.count, from: 0), rows.integer(rows.count - 1, 0))
  }

  /// The changes of journal rows `range` of `rows`, whose columns from `first` on are those
  /// of ``changes(after:)``: the row's number, kind, book and word, then the word as stored.
  static func changes(in rows: PostgresRows, _ range: Range<Int>, from first: Int)
    -> [JournaledChange]
  {
    var changes: [JournaledChange] = []
    for row in range {
      let seq = rows.integer(row, first)
      let book = WordBook.ID(rows.integer(row, first + 2))
      let word = rows.isNull(row, first + 4) ? nil : rows.word(row, from: first + 4)
      let change: WordChange? =
        switch rows.integer(row, first + 1) {
        case 0: word.map { .wordAdded($0, book: book) }
        case 1: word.map { .wordUpdated($0, book: book) }
        case 2: .wordDeleted(Word.ID(rows.integer(row, first + 3)), book: book)
        case 3: .bookReloaded(book)
        default: changes.last?.change == .booksChanged ? nil : .booksChanged
        }
      if let change { changes.append(JournaledChange(seq: seq, change: change)) }
    }
    return changes
  }
}
