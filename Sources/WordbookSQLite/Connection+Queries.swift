import CSQLite
import Wordbook

/// The SQL behind ``SQLiteWordService``: constant text, values always bound as parameters.
extension Connection {
  func insertBook(title: String) throws(WordServiceError) -> WordBook.ID {
    let statement = try self.statement("INSERT INTO books (title) VALUES (?1)")
    statement.bind(title, at: 1)
    try statement.run(self, "create the wordbook")
    return WordBook.ID(lastInsertedRowID)
  }

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
    try statement.run(self, "save the word")
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
    guard try statement.step(self, "load the wordbook") else { return nil }
    return Int(statement.int64(at: 0))
  }

  func books() throws(WordServiceError) -> [WordBook] {
    let statement = try self.statement(
      """
      SELECT id, title, word_count FROM books ORDER BY id
      """)
    defer { statement.reset() }
    var books: [WordBook] = []
    while try statement.step(self, "load the wordbooks") {
      books.append(
        WordBook(
          id: WordBook.ID(statement.int64(at: 0)), title: statement.text(at: 1),
          wordCount: Int(statement.int64(at: 2))))
    }
    return books
  }

  /// The words of a book in the order they were added, streamed row by row into the array.
  func words(in bookID: WordBook.ID, count: Int) throws(WordServiceError) -> [Word] {
    let statement = try self.statement(
      """
      SELECT id, term, meaning, image_reference, study_state
      FROM words WHERE book_id = ?1 ORDER BY id
      """)
    defer { statement.reset() }
    statement.bind(bookID.rawValue, at: 1)
    var words: [Word] = []
    words.reserveCapacity(count)
    while try statement.step(self, "load the words") { words.append(statement.word()) }
    return words
  }

  /// Whether a book with this ID exists.
  func bookExists(_ bookID: WordBook.ID) throws(WordServiceError) -> Bool {
    let statement = try self.statement("SELECT 1 FROM books WHERE id = ?1")
    defer { statement.reset() }
    statement.bind(bookID.rawValue, at: 1)
    return try statement.step(self, "load the wordbook")
  }

  /// Up to `limit` words of a book with IDs after `word`, in the order they were added.
  func words(in bookID: WordBook.ID, after word: Word.ID?, limit: Int)
    throws(WordServiceError) -> [Word]
  {
    let statement = try self.statement(
      """
      SELECT id, term, meaning, image_reference, study_state
      FROM words WHERE book_id = ?1 AND id > ?2 ORDER BY id LIMIT ?3
      """)
    defer { statement.reset() }
    statement.bind(bookID.rawValue, at: 1)
    statement.bind(word?.rawValue ?? 0, at: 2)
    statement.bind(Int64(limit), at: 3)
    var words: [Word] = []
    words.reserveCapacity(min(limit, 65_536))
    while try statement.step(self, "load the words") { words.append(statement.word()) }
    return words
  }

  /// The count of each study state in each book that has words.
  func tallies() throws(WordServiceError) -> [WordBook.ID: StudyTally] {
    let statement = try self.statement(
      "SELECT book_id, study_state, count(*) FROM words GROUP BY book_id, study_state")
    defer { statement.reset() }
    var tallies: [WordBook.ID: StudyTally] = [:]
    while try statement.step(self, "count the words") {
      guard let state = StudyState(rawValue: UInt8(clamping: statement.int64(at: 1))) else {
        continue
      }
      tallies[WordBook.ID(statement.int64(at: 0)), default: StudyTally()][state] =
        Int(statement.int64(at: 2))
    }
    return tallies
  }

  /// The book with this title that was created first, if any, with its stored title.
  ///
  /// Titles compare as Swift strings (canonically equivalent text matches, as in
  /// `InMemoryWordService`), so the few books are compared here rather than in SQL, which
  /// compares bytes.
  func book(titled title: String) throws(WordServiceError) -> WordBook? {
    let statement = try self.statement("SELECT id, title FROM books ORDER BY id")
    defer { statement.reset() }
    while try statement.step(self, "find the wordbook") {
      let stored = statement.text(at: 1)
      if stored == title { return WordBook(id: WordBook.ID(statement.int64(at: 0)), title: stored) }
    }
    return nil
  }

  /// The book with this title that was created first, created when there is none.
  func book(creatingIfMissing title: String) throws(WordServiceError) -> WordBook {
    if let existing = try book(titled: title) { return existing }
    return WordBook(id: try insertBook(title: title), title: title)
  }

  /// Sets a word's study state; `false` when no word has the ID.
  func setStudyState(_ change: StudyStateChange) throws(WordServiceError) -> Bool {
    let statement = try self.statement("UPDATE words SET study_state = ?2 WHERE id = ?1")
    statement.bind(change.wordID.rawValue, at: 1)
    statement.bind(Int64(change.state.rawValue), at: 2)
    try statement.run(self, "save the study marks")
    return changes > 0
  }

  /// Deletes a word; `false` when no word has the ID.
  func deleteWord(_ wordID: Word.ID) throws(WordServiceError) -> Bool {
    let statement = try self.statement("DELETE FROM words WHERE id = ?1")
    statement.bind(wordID.rawValue, at: 1)
    try statement.run(self, "delete the word")
    return changes > 0
  }
}

extension Statement {
  /// The word in the current row of `SELECT id, term, meaning, image_reference, study_state`.
  func word() -> Word {
    Word(
      id: Word.ID(int64(at: 0)), term: text(at: 1), meaning: text(at: 2),
      imageReference: optionalText(at: 3),
      studyState: StudyState(rawValue: UInt8(clamping: int64(at: 4))) ?? .notStudied)
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

extension String {
  /// The term in Normalization Form C, which two strings share exactly when Swift's `==`
  /// calls them equal (canonical equivalence).
  ///
  /// The standard library's own normalization, the one `==` and hashing use, so a match by
  /// these bytes is a match by `==`; Foundation's would add a dependency and could follow
  /// another Unicode version.
  var canonicalTerm: String {
    if utf8.allSatisfy({ $0 < 0x80 }) { return self }
    return String(decoding: _nfcCodeUnits, as: UTF8.self)
  }
}
