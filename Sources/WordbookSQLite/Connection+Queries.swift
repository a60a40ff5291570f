import CSQLite
import Wordbook

/// The SQL behind ``SQLiteWordService``: constant text, values always bound as parameters.
extension Connection {
  /// Adds a book; the caller has checked that no book has the title (see
  /// ``book(titled:)``), which the unique index on `title_key` guarantees.
  func insertBook(title: String) throws(WordServiceError) -> WordBook.ID {
    let statement = try self.statement("INSERT INTO books (title, title_key) VALUES (?1, ?2)")
    statement.bind(title, at: 1)
    statement.bind(title.titleKey, at: 2)
    try statement.run(self, .createBook)
    return WordBook.ID(lastInsertedRowID)
  }

  /// Sets a book's title and its key; `false` when there is no such book.
  @discardableResult
  func setTitle(_ title: String, key: String, of bookID: WordBook.ID) throws(WordServiceError)
    -> Bool
  {
    let statement = try self.statement("UPDATE books SET title = ?2, title_key = ?3 WHERE id = ?1")
    statement.bind(bookID.rawValue, at: 1)
    statement.bind(title, at: 2)
    statement.bind(key, at: 3)
    try statement.run(self, .renameBook)
    return changes > 0
  }

  /// The book with this ID and its word count, or `nil`.
  func book(_ bookID: WordBook.ID) throws(WordServiceError) -> WordBook? {
    let statement = try self.statement(
      "SELECT title, word_count, study_mode FROM books WHERE id = ?1")
    defer { statement.reset() }
    statement.bind(bookID.rawValue, at: 1)
    guard try statement.step(self, .loadBook) else { return nil }
    return WordBook(
      id: bookID, title: statement.text(at: 0), wordCount: Int(statement.int64(at: 1)),
      studyMode: StudyMode(rawValue: statement.text(at: 2)) ?? .all)
  }

  /// Keeps the study mode a book was left in; `false` when there is no such book.
  func storeStudyMode(_ mode: StudyMode, of bookID: WordBook.ID) throws(WordServiceError)
    -> Bool
  {
    let statement = try self.statement("UPDATE books SET study_mode = ?2 WHERE id = ?1")
    statement.bind(bookID.rawValue, at: 1)
    statement.bind(mode.rawValue, at: 2)
    try statement.run(self, .saveSettings)
    return changes > 0
  }

  /// Deletes a book and its words; `false` when there is no such book.
  func removeBook(_ bookID: WordBook.ID) throws(WordServiceError) -> Bool {
    // The words first, by the book's index; the foreign key's cascade would do the same work.
    // The journal gets one row for the book, not one per word.
    try summarizeChanges()
    let words = try self.statement("DELETE FROM words WHERE book_id = ?1")
    words.bind(bookID.rawValue, at: 1)
    try words.run(self, .deleteBook)
    try endSummarizingChanges()
    let book = try self.statement("DELETE FROM books WHERE id = ?1")
    book.bind(bookID.rawValue, at: 1)
    try book.run(self, .deleteBook)
    return changes > 0
  }

  /// Sets a word's term and meaning in one statement; the word as stored afterwards, or `nil`
  /// when there is no such word. The search index follows by trigger.
  func setTerm(_ term: String, meaning: String, of wordID: Word.ID) throws(WordServiceError)
    -> Word?
  {
    let statement = try self.statement(
      """
      UPDATE words SET term = ?2, meaning = ?3 WHERE id = ?1
      RETURNING id, term, meaning, image_reference, study_state
      """)
    defer { statement.reset() }
    statement.bind(wordID.rawValue, at: 1)
    statement.bind(term, at: 2)
    statement.bind(meaning, at: 3)
    guard try statement.step(self, .saveWord) else { return nil }
    let word = statement.word()
    while try statement.step(self, .saveWord) {}
    return word
  }

  /// The book a word belongs to, or `nil` when there is no such word.
  func bookID(ofWord wordID: Word.ID) throws(WordServiceError) -> WordBook.ID? {
    let statement = try self.statement("SELECT book_id FROM words WHERE id = ?1")
    defer { statement.reset() }
    statement.bind(wordID.rawValue, at: 1)
    guard try statement.step(self, .findWord) else { return nil }
    return WordBook.ID(statement.int64(at: 0))
  }

  /// Stops the insert trigger from indexing new words for search until
  /// ``indexDeferredWords(after:)``, within the current transaction.
  ///
  /// - Returns: The ID after which new words will be added.
  func deferSearchIndexing() throws(WordServiceError) -> Word.ID {
    try setIntegerSetting(Self.searchDeferredKey, to: 1)
    return Word.ID(
      try integer(
        "SELECT coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'words'), 0)",
        .importWords))
  }

  /// Indexes for search, in one statement, the words added after `last` while indexing was
  /// deferred, and lets the insert trigger index again.
  ///
  /// FTS5 gathers new terms in an in-memory hash and writes them out as a segment whenever the
  /// hash passes its `hashsize`, 1 MiB by default; merging the many small segments of a big
  /// import was most of its indexing. The hash may grow to ``bulkIndexHashSize`` for this one
  /// statement (a 1M-word import of mixed text took 33 s instead of 38 s), and the default is
  /// set again before the transaction ends.
  func indexDeferredWords(after last: Word.ID) throws(WordServiceError) {
    try setSearchHashSize(Self.bulkIndexHashSize)
    let statement = try self.statement(
      "INSERT INTO words_search (rowid, term, meaning) SELECT id, term, meaning FROM words "
        + "WHERE id > ?1")
    statement.bind(last.rawValue, at: 1)
    try statement.run(self, .importWords)
    try setSearchHashSize(Self.defaultSearchHashSize)
    let setting = try self.statement("DELETE FROM settings WHERE key = ?1")
    setting.bind(Self.searchDeferredKey, at: 1)
    try setting.run(self, .importWords)
  }

  /// The size FTS5's hash of new terms may reach while one statement indexes many words.
  static let bulkIndexHashSize = 16 << 20

  /// FTS5's own default size of its hash of new terms.
  private static let defaultSearchHashSize = 1 << 20

  /// Sets the size FTS5's hash of new terms may reach before they are written out: an FTS5
  /// setting, stored with the index within the current transaction.
  private func setSearchHashSize(_ bytes: Int) throws(WordServiceError) {
    try execute(
      "INSERT INTO words_search (words_search, rank) VALUES ('hashsize', \(bytes))", .importWords)
  }

  /// The `settings` key that tells the insert trigger to leave new words unindexed.
  private static let searchDeferredKey = "search_deferred"

  func insertWord(_ draft: WordDraft, into bookID: WordBook.ID) throws(WordServiceError) -> Word {
    let statement = try self.statement(
      """
      INSERT INTO words (book_id, term, meaning, image_reference, study_state)
      VALUES (?1, ?2, ?3, ?4, ?5)
      """)
    statement.bind(bookID.rawValue, at: 1)
    statement.bind(draft.term, at: 2)
    statement.bind(draft.meaning, at: 3)
    statement.bind(draft.imageReference, at: 4)
    statement.bind(Int64(draft.studyState.rawValue), at: 5)
    try statement.run(self, .saveWord)
    return Word(
      id: Word.ID(lastInsertedRowID), term: draft.term, meaning: draft.meaning,
      imageReference: draft.imageReference, studyState: draft.studyState)
  }

  /// The number of words in a book, or `nil` when there is no such book.
  func wordCount(of bookID: WordBook.ID) throws(WordServiceError) -> Int? {
    let statement = try self.statement(
      "SELECT word_count FROM books WHERE id = ?1")
    defer { statement.reset() }
    statement.bind(bookID.rawValue, at: 1)
    guard try statement.step(self, .loadBook) else { return nil }
    return Int(statement.int64(at: 0))
  }

  func books() throws(WordServiceError) -> [WordBook] {
    let statement = try self.statement(
      """
      SELECT id, title, word_count, study_mode FROM books ORDER BY id
      """)
    defer { statement.reset() }
    var books: [WordBook] = []
    while try statement.step(self, .loadBooks) {
      books.append(
        WordBook(
          id: WordBook.ID(statement.int64(at: 0)), title: statement.text(at: 1),
          wordCount: Int(statement.int64(at: 2)),
          studyMode: StudyMode(rawValue: statement.text(at: 3)) ?? .all))
    }
    return books
  }

  /// The words of a book in the order they were added, streamed row by row into the array.
  ///
  /// A book's words usually sit together in ID order (an import adds them in one run), and
  /// then reading the table between the book's first and last ID is about a third quicker
  /// than going through `words_by_book`, which costs a lookup in the table per word. The
  /// range is read when the book's words fill at least half of it, so it never reads more than
  /// twice the book's rows; otherwise the index is used. A cancelled task stops the read with
  /// `WordServiceError.cancelled`.
  func words(in bookID: WordBook.ID, count: Int) throws(WordServiceError) -> [Word] {
    guard let range = try idRange(of: bookID) else { return [] }
    let statement: Statement
    if range.upperBound - range.lowerBound < 2 * Int64(count) {
      // The unary `+` keeps SQLite from answering `book_id = ?1` through the index.
      statement = try self.statement(
        """
        SELECT id, term, meaning, image_reference, study_state
        FROM words WHERE id BETWEEN ?2 AND ?3 AND +book_id = ?1 ORDER BY id
        """)
      statement.bind(range.lowerBound, at: 2)
      statement.bind(range.upperBound, at: 3)
    } else {
      statement = try self.statement(
        """
        SELECT id, term, meaning, image_reference, study_state
        FROM words WHERE book_id = ?1 ORDER BY id
        """)
    }
    defer { statement.reset() }
    statement.bind(bookID.rawValue, at: 1)
    var words: [Word] = []
    words.reserveCapacity(count)
    while try statement.step(self, .loadWords) {
      words.append(statement.word())
      // A load given up (another book chosen) stops instead of reading the rest of a big book.
      if words.count % 4096 == 0, Task.isCancelled { throw .cancelled }
    }
    return words
  }

  /// The lowest and highest word ID of a book, or `nil` when it has no words: two lookups
  /// in `words_by_book`.
  private func idRange(of bookID: WordBook.ID) throws(WordServiceError) -> ClosedRange<Int64>? {
    let statement = try self.statement(
      """
      SELECT (SELECT min(id) FROM words WHERE book_id = ?1),
        (SELECT max(id) FROM words WHERE book_id = ?1)
      """)
    defer { statement.reset() }
    statement.bind(bookID.rawValue, at: 1)
    guard try statement.step(self, .loadWords), !statement.isNull(at: 0), !statement.isNull(at: 1)
    else { return nil }
    let lowest = statement.int64(at: 0)
    let highest = statement.int64(at: 1)
    return lowest <= highest ? lowest...highest : nil
  }

  /// Whether a book with this ID exists.
  func bookExists(_ bookID: WordBook.ID) throws(WordServiceError) -> Bool {
    let statement = try self.statement("SELECT 1 FROM books WHERE id = ?1")
    defer { statement.reset() }
    statement.bind(bookID.rawValue, at: 1)
    return try statement.step(self, .loadBook)
  }

  /// Up to `limit` words of a book with IDs after `word`, in the order they were added.
  func words(in bookID: WordBook.ID, after word: Word.ID?, limit: Int)
    throws(WordServiceError) -> [Word]
  {
    var words: [Word] = []
    words.reserveCapacity(min(limit, 65_536))
    try forEachWord(in: bookID, after: word, limit: limit) { words.append($0.word()) }
    return words
  }

  /// Up to `limit` words of a book with IDs after `word`, their texts as stored.
  func wordTexts(in bookID: WordBook.ID, after word: Word.ID?, limit: Int)
    throws(WordServiceError) -> WordTextPage
  {
    var page = WordTextPage(capacity: min(limit, 65_536))
    try forEachWord(in: bookID, after: word, limit: limit) { statement in
      page.append(
        id: Word.ID(statement.int64(at: 0)),
        studyState: statement.studyState(at: 4),
        term: { statement.appendBytes(at: 1, to: &$0) },
        meaning: { statement.appendBytes(at: 2, to: &$0) },
        imageReference: { bytes in
          guard !statement.isNull(at: 3) else { return false }
          statement.appendBytes(at: 3, to: &bytes)
          return true
        })
    }
    return page
  }

  /// Steps through up to `limit` words of a book with IDs after `word`, in the order they
  /// were added, calling `row` with the statement on each (the columns of `Statement.word()`).
  private func forEachWord(
    in bookID: WordBook.ID, after word: Word.ID?, limit: Int, _ row: (Statement) -> Void
  ) throws(WordServiceError) {
    let statement = try self.statement(
      """
      SELECT id, term, meaning, image_reference, study_state
      FROM words WHERE book_id = ?1 AND id > ?2 ORDER BY id LIMIT ?3
      """)
    defer { statement.reset() }
    statement.bind(bookID.rawValue, at: 1)
    statement.bind(word?.rawValue ?? 0, at: 2)
    statement.bind(Int64(limit), at: 3)
    var count = 0
    while try statement.step(self, .loadWords) {
      row(statement)
      count += 1
      // A load given up (another book chosen) stops instead of reading the rest of a big book.
      if count % 4096 == 0, Task.isCancelled { throw .cancelled }
    }
  }

  /// The count of each study state in each book that has words.
  func tallies() throws(WordServiceError) -> [WordBook.ID: StudyTally] {
    let statement = try self.statement(
      "SELECT book_id, study_state, count(*) FROM words GROUP BY book_id, study_state")
    defer { statement.reset() }
    var tallies: [WordBook.ID: StudyTally] = [:]
    while try statement.step(self, .countWords) {
      guard let state = StudyState(rawValue: UInt8(clamping: statement.int64(at: 1))) else {
        continue
      }
      tallies[WordBook.ID(statement.int64(at: 0)), default: StudyTally()][state] =
        Int(statement.int64(at: 2))
    }
    return tallies
  }

  /// The book whose title is `title` under the titles' comparison (`String.titleKey`),
  /// found in the unique index, with its stored title and word count.
  func book(titled title: String) throws(WordServiceError) -> WordBook? {
    let statement = try self.statement(
      "SELECT id, title, word_count, study_mode FROM books WHERE title_key = ?1")
    defer { statement.reset() }
    statement.bind(title.titleKey, at: 1)
    guard try statement.step(self, .findBook) else { return nil }
    return WordBook(
      id: WordBook.ID(statement.int64(at: 0)), title: statement.text(at: 1),
      wordCount: Int(statement.int64(at: 2)),
      studyMode: StudyMode(rawValue: statement.text(at: 3)) ?? .all)
  }

  /// The book with this title, created when there is none.
  func book(creatingIfMissing title: String) throws(WordServiceError) -> WordBook {
    if let existing = try book(titled: title) { return existing }
    return WordBook(id: try insertBook(title: title), title: title)
  }

  /// Sets a word's study state; `false` when no word has the ID.
  func setStudyState(_ change: StudyStateChange) throws(WordServiceError) -> Bool {
    let statement = try self.statement("UPDATE words SET study_state = ?2 WHERE id = ?1")
    statement.bind(change.wordID.rawValue, at: 1)
    statement.bind(Int64(change.state.rawValue), at: 2)
    try statement.run(self, .saveStudyMarks)
    return changes > 0
  }

  /// Deletes a word; `false` when no word has the ID.
  func removeWord(_ wordID: Word.ID) throws(WordServiceError) -> Bool {
    let statement = try self.statement("DELETE FROM words WHERE id = ?1")
    statement.bind(wordID.rawValue, at: 1)
    try statement.run(self, .deleteWord)
    return changes > 0
  }
}

extension Statement {
  /// The word in the current row of `SELECT id, term, meaning, image_reference, study_state`.
  func word() -> Word {
    Word(
      id: Word.ID(int64(at: 0)), term: text(at: 1), meaning: text(at: 2),
      imageReference: optionalText(at: 3),
      studyState: studyState(at: 4))
  }

  /// The study state in column `index`, `.notStudied` for a value no state has.
  func studyState(at index: Int32) -> StudyState {
    StudyState(rawValue: UInt8(clamping: int64(at: index))) ?? .notStudied
  }

  /// The canonical form of the term in column `index`, or `nil` when the stored bytes already
  /// are that form (the common case, decided without decoding for ASCII).
  ///
  /// Bytes that are not valid UTF-8 are read as the service reads them everywhere (with
  /// replacement characters), so their canonical form differs from the bytes and is returned.
  func uncanonicalTermKey(at index: Int32) -> String? {
    guard let bytes = sqlite3_column_text(handle, index) else { return nil }
    let stored = UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, index)))
    if stored.allSatisfy({ $0 < 0x80 }) { return nil }
    let key = String(decoding: stored, as: UTF8.self).canonicalTerm
    return key.utf8.elementsEqual(stored) ? nil : key
  }
}
