import Wordbook

/// One user's books, words and settings in the database: the SQL behind
/// ``PostgresWordService``, every statement filtered by the user's ID, so no call can read or
/// change another user's rows.
///
/// Every write also adds its row to the change journal in the same transaction (kinds as in the
/// SQLite journal: 0 added, 1 updated, 2 deleted, 3 book to reload, 4 books changed).
final class UserLibrary {
  let connection: PostgresConnection
  /// The user's row in `users`.
  let userID: Int64
  /// The newest journal row this library wrote, or 0.
  private(set) var lastJournaled: Int64 = 0

  init(_ connection: PostgresConnection, userID: Int64) {
    self.connection = connection
    self.userID = userID
  }

  /// The user as the first parameter of a query.
  private var user: PostgresValue { .integer(userID) }

  /// Runs `sql` with the user as `$1` and `parameters` as `$2`, `$3`, ….
  @discardableResult
  func query(
    _ sql: String, _ parameters: [PostgresValue?], _ what: WordServiceError.Operation
  ) throws(WordServiceError) -> PostgresRows {
    try connection.query(sql, [user] + parameters, what)
  }

  /// Runs `body` in a transaction that holds the user's advisory lock, so that the user's
  /// writes, and their journal rows, commit one after another in the order of their numbers.
  ///
  /// A user's lock is keyed by the schema and the user, so the schemas of one server never wait
  /// for each other.
  func inTransaction<Result>(
    _ what: WordServiceError.Operation, _ body: () throws(WordServiceError) -> Result
  ) throws(WordServiceError) -> Result {
    try connection.inTransaction(what, opening: [lockingTheUser], body)
  }

  /// The statement that takes the user's advisory lock until the transaction ends.
  var lockingTheUser: (sql: String, parameters: [PostgresValue?]) {
    (
      "SELECT pg_advisory_xact_lock(hashtext(current_schema()), $1::integer)",
      [.integer(userID % 2_147_483_647)]
    )
  }

  /// Adds a row to the change journal.
  func journal(_ kind: Int64, book: WordBook.ID, word: Word.ID? = nil) throws(WordServiceError) {
    let rows = try query(
      "INSERT INTO changes (user_id, kind, book_id, word_id) VALUES ($1, $2, $3, $4) "
        + "RETURNING seq",
      [.integer(kind), .book(book), word.map(PostgresValue.word)], .saveChanges)
    recordJournaled(rows.integer(0, 0))
  }

  /// Notes that this library wrote journal row `seq`.
  func recordJournaled(_ seq: Int64) {
    lastJournaled = max(lastJournaled, seq)
  }

  // MARK: Books

  /// Every book with its word count, in the order they were created.
  func books() throws(WordServiceError) -> [WordBook] {
    let rows = try query(
      """
      SELECT b.id, b.title, (SELECT count(*) FROM words AS w WHERE w.book_id = b.id),
        b.study_mode
      FROM books AS b WHERE b.user_id = $1 ORDER BY b.id
      """, [], .loadBooks)
    return (0..<rows.count).map { row in
      WordBook(
        id: WordBook.ID(rows.integer(row, 0)), title: rows.text(row, 1),
        wordCount: Int(rows.integer(row, 2)),
        studyMode: StudyMode(rawValue: rows.text(row, 3)) ?? .all)
    }
  }

  /// The book with this ID and its word count, or `nil`.
  func book(_ bookID: WordBook.ID) throws(WordServiceError) -> WordBook? {
    let rows = try query(
      """
      SELECT b.title, (SELECT count(*) FROM words AS w WHERE w.book_id = b.id), b.study_mode
      FROM books AS b WHERE b.user_id = $1 AND b.id = $2
      """, [.book(bookID)], .loadBook)
    guard rows.count == 1 else { return nil }
    return WordBook(
      id: bookID, title: rows.text(0, 0), wordCount: Int(rows.integer(0, 1)),
      studyMode: StudyMode(rawValue: rows.text(0, 2)) ?? .all)
  }

  /// The book whose title is `title` under the titles' comparison (`String.titleKey`).
  func book(titled title: String) throws(WordServiceError) -> WordBook? {
    let rows = try query(
      """
      SELECT b.id, b.title, (SELECT count(*) FROM words AS w WHERE w.book_id = b.id),
        b.study_mode
      FROM books AS b WHERE b.user_id = $1 AND b.title_key = $2
      """, [.text(title.titleKey)], .findBook)
    guard rows.count == 1 else { return nil }
    return WordBook(
      id: WordBook.ID(rows.integer(0, 0)), title: rows.text(0, 1),
      wordCount: Int(rows.integer(0, 2)), studyMode: StudyMode(rawValue: rows.text(0, 3)) ?? .all)
  }

  /// Keeps the study mode a book was left in; `false` when the user has no such book.
  func storeStudyMode(_ mode: StudyMode, of bookID: WordBook.ID) throws(WordServiceError)
    -> Bool
  {
    try query(
      "UPDATE books SET study_mode = $3 WHERE user_id = $1 AND id = $2",
      [.book(bookID), .text(mode.rawValue)], .saveSettings
    ).changed == 1
  }

  /// Whether the user has a book with this ID.
  func bookExists(_ bookID: WordBook.ID) throws(WordServiceError) -> Bool {
    try query("SELECT 1 FROM books WHERE user_id = $1 AND id = $2", [.book(bookID)], .loadBook)
      .count == 1
  }

  /// Adds a book, unless one has the title already.
  ///
  /// - Throws: ``WordServiceError/Kind/titleTaken`` with that book; the unique index on
  ///   (user, title key) decides, so two processes creating the same title cannot both succeed.
  func insertBook(title: String) throws(WordServiceError) -> WordBook {
    let rows = try query(
      """
      INSERT INTO books (user_id, title, title_key) VALUES ($1, $2, $3)
      ON CONFLICT (user_id, title_key) DO NOTHING RETURNING id
      """, [.text(title), .text(title.titleKey)], .createBook)
    guard rows.count == 1 else {
      guard let existing = try book(titled: title) else {
        throw .storage(
          .unavailable, .busy, during: .createBook, path: connection.location)
      }
      throw .titleTaken(by: existing)
    }
    let book = WordBook(id: WordBook.ID(rows.integer(0, 0)), title: title)
    try journal(4, book: book.id)
    return book
  }

  /// The book with this title, created when there is none.
  func book(creatingIfMissing title: String) throws(WordServiceError) -> WordBook {
    if let existing = try book(titled: title) { return existing }
    return try insertBook(title: title)
  }

  /// Sets a book's title; `false` when the user has no such book.
  func setTitle(_ title: String, of bookID: WordBook.ID) throws(WordServiceError) -> Bool {
    let rows = try query(
      "UPDATE books SET title = $3, title_key = $4 WHERE user_id = $1 AND id = $2",
      [.book(bookID), .text(title), .text(title.titleKey)], .renameBook)
    guard rows.changed > 0 else { return false }
    try journal(4, book: bookID)
    return true
  }

  /// Deletes a book and its words; `false` when the user has no such book. The journal gets
  /// one row for the book, not one per word.
  func removeBook(_ bookID: WordBook.ID) throws(WordServiceError) -> Bool {
    try query("DELETE FROM words WHERE user_id = $1 AND book_id = $2", [.book(bookID)], .deleteBook)
    let rows = try query(
      "DELETE FROM books WHERE user_id = $1 AND id = $2", [.book(bookID)], .deleteBook)
    guard rows.changed > 0 else { return false }
    try journal(4, book: bookID)
    return true
  }

  // MARK: Settings

  /// A setting's integer value, or `nil` when it is not set.
  func integerSetting(_ key: String) throws(WordServiceError) -> Int64? {
    let rows = try query(
      "SELECT value FROM settings WHERE user_id = $1 AND key = $2", [.text(key)], .readSettings)
    return rows.count == 1 ? rows.integer(0, 0) : nil
  }

  /// Sets a setting to an integer value.
  func setIntegerSetting(_ key: String, to value: Int64) throws(WordServiceError) {
    try query(
      """
      INSERT INTO settings (user_id, key, value) VALUES ($1, $2, $3)
      ON CONFLICT (user_id, key) DO UPDATE SET value = excluded.value
      """, [.text(key), .integer(value)], .saveSettings)
  }
}
