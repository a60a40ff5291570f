import Wordbook

/// The change journal (see `Schema`), written by triggers and read by the change feed.
extension Connection {
  /// The `settings` key that tells the word triggers to leave the journal alone, while one
  /// statement changes more words than are worth listing.
  private static let changesSummarizedKey = "changes_summarized"

  /// The most journal rows one read lists; a feed further behind reloads instead.
  static let journalReadLimit = 1000

  /// Stops the word triggers from journaling, within the current transaction, until
  /// ``endSummarizingChanges(reloading:)``.
  func summarizeChanges() throws(WordServiceError) {
    try setIntegerSetting(Self.changesSummarizedKey, to: 1)
  }

  /// Lets the word triggers journal again, and journals `bookID`, if given, as a book whose
  /// words every session must load again.
  func endSummarizingChanges(reloading bookID: WordBook.ID? = nil) throws(WordServiceError) {
    let setting = try statement("DELETE FROM settings WHERE key = ?1")
    setting.bind(Self.changesSummarizedKey, at: 1)
    try setting.run(self, .saveChanges)
    guard let bookID else { return }
    let reload = try statement("INSERT INTO changes (kind, book_id) VALUES (3, ?1)")
    reload.bind(bookID.rawValue, at: 1)
    try reload.run(self, .saveChanges)
  }

  /// The number of the newest journal row, or 0 when the journal is empty.
  func latestChange() throws(WordServiceError) -> Int64 {
    try integer("SELECT coalesce(max(seq), 0) FROM changes", .readChanges)
  }

  /// The changes journaled after row `seq`, with the number of the last row read: each
  /// change as a ``WordChange``, with the words as stored now.
  ///
  /// A word added or updated and deleted since is left out: its deletion follows. When more
  /// than ``journalReadLimit`` rows are new, or rows after `seq` were trimmed, every book is
  /// reported as reloaded instead.
  func changes(after seq: Int64) throws(WordServiceError) -> (changes: [WordChange], last: Int64) {
    let what = WordServiceError.Operation.readChanges
    let rows = try statement(
      "SELECT seq, kind, book_id, word_id FROM changes WHERE seq > ?1 ORDER BY seq LIMIT ?2")
    defer { rows.reset() }
    rows.bind(seq, at: 1)
    rows.bind(Int64(Self.journalReadLimit + 1), at: 2)
    var entries: [(seq: Int64, kind: Int64, book: WordBook.ID, word: Word.ID)] = []
    while try rows.step(self, what) {
      entries.append(
        (
          rows.int64(at: 0), rows.int64(at: 1), WordBook.ID(rows.int64(at: 2)),
          Word.ID(rows.int64(at: 3))
        ))
    }
    guard let first = entries.first, let last = entries.last else { return ([], seq) }
    if entries.count > Self.journalReadLimit || first.seq > seq + 1 {
      let reloads = try books().map { WordChange.bookReloaded($0.id) }
      return ([.booksChanged] + reloads, try latestChange())
    }
    var changes: [WordChange] = []
    for entry in entries {
      switch entry.kind {
      case 0:
        if let word = try storedWord(entry.word) {
          changes.append(.wordAdded(word, book: entry.book))
        }
      case 1:
        if let word = try storedWord(entry.word) {
          changes.append(.wordUpdated(word, book: entry.book))
        }
      case 2: changes.append(.wordDeleted(entry.word, book: entry.book))
      case 3: changes.append(.bookReloaded(entry.book))
      default: if changes.last != .booksChanged { changes.append(.booksChanged) }
      }
    }
    return (changes, last.seq)
  }

  /// The word with this ID as stored now, or `nil` when there is none.
  private func storedWord(_ wordID: Word.ID) throws(WordServiceError) -> Word? {
    let statement = try self.statement(
      "SELECT id, term, meaning, image_reference, study_state FROM words WHERE id = ?1")
    defer { statement.reset() }
    statement.bind(wordID.rawValue, at: 1)
    return try statement.step(self, .readChanges) ? statement.word() : nil
  }
}
