import Wordbook

/// The database layout and the forward migrations that build it.
///
/// `PRAGMA user_version` records how many migrations a file has had. Opening a file runs the
/// missing ones, in order, in one transaction; a file whose version is higher than
/// ``latestVersion`` was written by a newer Wordbook and is refused untouched. Migrations are
/// only ever appended: a released one never changes.
package enum Schema {
  /// Marks a file as a Wordbook database (`PRAGMA application_id`, the bytes "WBK1").
  static let applicationID: Int64 = 0x5742_4B31

  /// The migrations, oldest first: entry `n` takes a file from version `n` to `n + 1`.
  package static let migrations: [[String]] = [
    [
      """
      CREATE TABLE books (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        title TEXT NOT NULL
      )
      """,
      """
      CREATE TABLE words (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE,
        term TEXT NOT NULL,
        meaning TEXT NOT NULL,
        image_reference TEXT,
        study_state INTEGER NOT NULL DEFAULT 0 CHECK (study_state IN (0, 1, 2))
      )
      """,
      "CREATE INDEX words_by_book ON words(book_id)",
      "CREATE INDEX words_by_book_and_term ON words(book_id, term)",
    ],
    // Each book keeps its word count, so listing the books or finding one by title costs the
    // same at a million words as at ten; the study-state index lets the counts of `stats` be
    // read from the index alone.
    [
      "ALTER TABLE books ADD COLUMN word_count INTEGER NOT NULL DEFAULT 0",
      "UPDATE books SET word_count = (SELECT count(*) FROM words WHERE book_id = books.id)",
      """
      CREATE TRIGGER words_counted_on_insert AFTER INSERT ON words BEGIN
        UPDATE books SET word_count = word_count + 1 WHERE id = NEW.book_id;
      END
      """,
      """
      CREATE TRIGGER words_counted_on_delete AFTER DELETE ON words BEGIN
        UPDATE books SET word_count = word_count - 1 WHERE id = OLD.book_id;
      END
      """,
      """
      CREATE TRIGGER words_counted_on_move AFTER UPDATE OF book_id ON words BEGIN
        UPDATE books SET word_count = word_count - 1 WHERE id = OLD.book_id;
        UPDATE books SET word_count = word_count + 1 WHERE id = NEW.book_id;
      END
      """,
      "CREATE INDEX words_by_book_and_state ON words(book_id, study_state)",
    ],
    // Search, the last studied book, and unique titles. `words_search` is an FTS5 index of
    // every word's term and meaning with the trigram tokenizer, so a substring of three or more
    // characters (any script: Korean has no spaces to split on) is found from the index instead
    // of a scan; it holds no copy of the text (`content='words'`) and the triggers keep it in
    // step with `words`. Each book's `title_key` is its title compared as the service compares
    // titles (`String.titleKey`); the step after this list fills it, renaming duplicates, and
    // adds the unique index.
    [
      """
      CREATE VIRTUAL TABLE words_search USING fts5(
        term, meaning, content = 'words', content_rowid = 'id', tokenize = 'trigram'
      )
      """,
      "INSERT INTO words_search (words_search) VALUES ('rebuild')",
      "CREATE TABLE settings (key TEXT PRIMARY KEY, value) WITHOUT ROWID",
      // FTS5 writes its pending index to disk at every statement that changes it inside a
      // transaction, so an import indexing row by row took 15 times as long as without the
      // index. An import therefore sets `search_deferred` and indexes its rows in one statement
      // at the end; a row not yet in the index (its `words_search_docsize` row is missing) is
      // left out of it by the delete and update triggers.
      """
      CREATE TRIGGER words_searchable_on_insert AFTER INSERT ON words
      WHEN NOT EXISTS (SELECT 1 FROM settings WHERE key = 'search_deferred') BEGIN
        INSERT INTO words_search (rowid, term, meaning) VALUES (NEW.id, NEW.term, NEW.meaning);
      END
      """,
      """
      CREATE TRIGGER words_searchable_on_delete AFTER DELETE ON words
      WHEN EXISTS (SELECT 1 FROM words_search_docsize WHERE id = OLD.id) BEGIN
        INSERT INTO words_search (words_search, rowid, term, meaning)
        VALUES ('delete', OLD.id, OLD.term, OLD.meaning);
      END
      """,
      """
      CREATE TRIGGER words_searchable_on_update AFTER UPDATE OF term, meaning ON words
      WHEN EXISTS (SELECT 1 FROM words_search_docsize WHERE id = OLD.id) BEGIN
        INSERT INTO words_search (words_search, rowid, term, meaning)
        VALUES ('delete', OLD.id, OLD.term, OLD.meaning);
        INSERT INTO words_search (rowid, term, meaning) VALUES (NEW.id, NEW.term, NEW.meaning);
      END
      """,
      "ALTER TABLE books ADD COLUMN title_key TEXT NOT NULL DEFAULT ''",
    ],
    // The change journal, which the change feed of every process reads: one row per word
    // added, updated or deleted (kinds 0, 1, 2), per book whose words changed too much to list
    // (3), and per book created, renamed or deleted (4). An import and the deletion of a book set
    // `changes_summarized` so that a million rows write one journal row, not a million. The
    // last trigger keeps about the last 10,000 rows: a feed that fell further behind reloads.
    [
      """
      CREATE TABLE changes (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        kind INTEGER NOT NULL,
        book_id INTEGER NOT NULL,
        word_id INTEGER
      )
      """,
      """
      CREATE TRIGGER words_journaled_on_insert AFTER INSERT ON words
      WHEN NOT EXISTS (SELECT 1 FROM settings WHERE key = 'changes_summarized') BEGIN
        INSERT INTO changes (kind, book_id, word_id) VALUES (0, NEW.book_id, NEW.id);
      END
      """,
      """
      CREATE TRIGGER words_journaled_on_update
      AFTER UPDATE OF term, meaning, image_reference, study_state ON words
      WHEN NOT EXISTS (SELECT 1 FROM settings WHERE key = 'changes_summarized') BEGIN
        INSERT INTO changes (kind, book_id, word_id) VALUES (1, NEW.book_id, NEW.id);
      END
      """,
      """
      CREATE TRIGGER words_journaled_on_delete AFTER DELETE ON words
      WHEN NOT EXISTS (SELECT 1 FROM settings WHERE key = 'changes_summarized') BEGIN
        INSERT INTO changes (kind, book_id, word_id) VALUES (2, OLD.book_id, OLD.id);
      END
      """,
      """
      CREATE TRIGGER books_journaled_on_insert AFTER INSERT ON books BEGIN
        INSERT INTO changes (kind, book_id) VALUES (4, NEW.id);
      END
      """,
      """
      CREATE TRIGGER books_journaled_on_rename AFTER UPDATE OF title ON books BEGIN
        INSERT INTO changes (kind, book_id) VALUES (4, NEW.id);
      END
      """,
      """
      CREATE TRIGGER books_journaled_on_delete AFTER DELETE ON books BEGIN
        INSERT INTO changes (kind, book_id) VALUES (4, OLD.id);
      END
      """,
      """
      CREATE TRIGGER changes_trimmed AFTER INSERT ON changes WHEN NEW.seq % 1000 = 0 BEGIN
        DELETE FROM changes WHERE seq <= NEW.seq - 10000;
      END
      """,
    ],
    // The review log and what it replays to (issue 27). `reviews` keeps every rating in the
    // order it was recorded (its `id`); `memory_states` keeps one row per reviewed word: its
    // FSRS state after the last review and the generator its next review draws fuzz from
    // (`WordMemory`), so scheduling a review or listing what is due reads one row per word
    // instead of replaying logs. A word without a row is new. Both go with their word by
    // cascade, and survive edits of its text. Phases are 1 learning, 2 review, 3 relearning;
    // times are seconds since 1970 (UTC).
    [
      """
      CREATE TABLE reviews (
        id INTEGER PRIMARY KEY,
        word_id INTEGER NOT NULL REFERENCES words(id) ON DELETE CASCADE,
        reviewed_at INTEGER NOT NULL,
        rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 4)
      )
      """,
      "CREATE INDEX reviews_by_word ON reviews(word_id, id)",
      """
      CREATE TABLE memory_states (
        word_id INTEGER PRIMARY KEY REFERENCES words(id) ON DELETE CASCADE,
        phase INTEGER NOT NULL CHECK (phase IN (1, 2, 3)),
        step INTEGER NOT NULL,
        stability REAL NOT NULL,
        difficulty REAL NOT NULL,
        due INTEGER NOT NULL,
        last_review INTEGER NOT NULL,
        review_count INTEGER NOT NULL,
        lapse_count INTEGER NOT NULL,
        generator INTEGER NOT NULL
      )
      """,
      "CREATE INDEX memory_states_by_due ON memory_states(due)",
    ],
    [
      // The words reviewed since a time (the new words begun today) without reading the book.
      "CREATE INDEX memory_states_by_last_review ON memory_states(last_review)"
    ],
    // A rating's ID, made where it was given (32 hexadecimal digits), so that a rating sent
    // twice is stored once; reviews brought from another app's history have none. Each book
    // keeps the study mode it was left in.
    [
      "ALTER TABLE reviews ADD COLUMN rating_id TEXT",
      "CREATE UNIQUE INDEX reviews_by_rating_id ON reviews(rating_id) WHERE rating_id IS NOT NULL",
      "ALTER TABLE books ADD COLUMN study_mode TEXT NOT NULL DEFAULT 'all'",
    ],
  ]

  /// Work a migration needs beyond SQL, run right after the SQL of the migration with the same
  /// index.
  static func followUp(ofMigration index: Int, _ connection: Connection)
    throws(WordServiceError)
  {
    if index == 2 { try uniqueTitles(connection) }
  }

  /// Fills `title_key` and makes it unique: a book whose title is taken by an older book gets
  /// the first free title "Title (2)", "Title (3)", … so no book and no word is lost.
  static func uniqueTitles(_ connection: Connection) throws(WordServiceError) {
    let what = WordServiceError.Operation.openDatabase
    var taken: Set<String> = []
    var renamed: [(id: WordBook.ID, title: String, key: String)] = []
    // The books as this migration's schema has them: columns added by later migrations do not
    // exist yet.
    var books: [(id: WordBook.ID, title: String)] = []
    let statement = try connection.statement("SELECT id, title FROM books ORDER BY id")
    while try statement.step(connection, what) {
      books.append((WordBook.ID(statement.int64(at: 0)), statement.text(at: 1)))
    }
    statement.reset()
    for book in books {
      var title = book.title
      var suffix = 1
      while taken.contains(title.titleKey) {
        suffix += 1
        title = "\(book.title.trimmingWhitespace()) (\(suffix))"
      }
      taken.insert(title.titleKey)
      renamed.append((book.id, title, title.titleKey))
    }
    for book in renamed { try connection.setTitle(book.title, key: book.key, of: book.id) }
    try connection.execute("CREATE UNIQUE INDEX books_by_title_key ON books(title_key)", what)
  }

  /// The schema version this build writes and understands.
  static var latestVersion: Int64 { Int64(migrations.count) }

  /// Brings the file up to ``latestVersion``.
  ///
  /// - Parameters:
  ///   - connection: An open connection.
  ///   - sample: Books to add when the file is new (version 0 and empty).
  /// - Returns: Whether the file was new.
  /// - Throws: `WordServiceError.Kind.unsupportedVersion` for a newer file;
  ///   `WordServiceError.Kind.corrupted` for a SQLite file of another program.
  static func migrate(
    _ connection: Connection,
    addingWhenNew sample: [(title: String, words: [WordDraft])]
  ) throws(WordServiceError) -> Bool {
    let what = WordServiceError.Operation.openDatabase
    // Reading first keeps an up-to-date file from taking the write lock on every open.
    if try checkedVersion(connection) == latestVersion { return false }
    return try connection.inTransaction(what) { () throws(WordServiceError) -> Bool in
      // Another process may have migrated the file since the read above: decide again, under
      // the write lock, so the schema and the sample are created once.
      let version = try versionInTransaction(connection)
      let isNew = version == 0
      if isNew {
        try connection.execute("PRAGMA application_id = \(applicationID)", what)
      }
      for (index, migration) in migrations.enumerated().dropFirst(Int(version)) {
        for sql in migration { try connection.execute(sql, what) }
        try followUp(ofMigration: index, connection)
      }
      try connection.execute("PRAGMA user_version = \(latestVersion)", what)
      if isNew {
        for (title, words) in sample {
          let bookID = try connection.insertBook(title: title)
          for draft in words { _ = try connection.insertWord(draft, into: bookID) }
        }
      }
      return isNew
    }
  }

  /// The file's schema version, after checking that the file is ours (or empty) and not from
  /// the future. Only reads, so a refused file is left exactly as it was.
  ///
  /// The checks read three values in one read transaction: read one by one, another process
  /// creating the database could commit between them, and a file seen as "version 0 with
  /// tables" would be taken for another program's.
  static func checkedVersion(_ connection: Connection) throws(WordServiceError) -> Int64 {
    try connection.inReadTransaction(.openDatabase) {
      () throws(WordServiceError) -> Int64 in
      try versionInTransaction(connection)
    }
  }

  /// ``checkedVersion(_:)`` for a caller that already holds a transaction.
  private static func versionInTransaction(_ connection: Connection) throws(WordServiceError)
    -> Int64
  {
    let what = WordServiceError.Operation.openDatabase
    let version = try connection.integer("PRAGMA user_version", what)
    if version > latestVersion {
      throw .newerSchema(connection.path, version: version, known: latestVersion)
    }
    let application = try connection.integer("PRAGMA application_id", what)
    let isOurs =
      version > 0
      ? application == applicationID
      : try connection.integer("SELECT count(*) FROM sqlite_schema", what) == 0
    guard isOurs else { throw .notADatabase(connection.path) }
    return version
  }
}
