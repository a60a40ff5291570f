import Wordbook

/// The PostgreSQL layout and the forward migrations that build it.
///
/// The `schema_version` table records how many migrations the database has had. Opening runs
/// the missing ones, in order, in one transaction that first takes a transaction-level advisory
/// lock, so that several processes starting at once migrate the database exactly once; a
/// database whose version is higher than ``latestVersion`` was written by a newer Wordbook and is
/// refused untouched. Migrations are only ever appended: a released one never changes.
///
/// Every row belongs to a user: books, words, settings and the change journal all carry
/// `user_id`, and every query of ``PostgresWordService`` filters by it.
enum PostgresSchema {
  /// The advisory lock held while the schema is checked and migrated (the bytes "WBK1"), with
  /// the schema's name as the lock's second key.
  static let migrationLock: Int64 = 0x5742_4B31

  /// The migrations, oldest first: entry `n` takes a database from version `n` to `n + 1`.
  static let migrations: [[String]] = [
    [
      """
      CREATE TABLE users (
        id bigserial PRIMARY KEY,
        name text NOT NULL UNIQUE
      )
      """,
      """
      CREATE TABLE books (
        id bigserial PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        title text NOT NULL,
        title_key text NOT NULL,
        UNIQUE (user_id, title_key)
      )
      """,
      """
      CREATE TABLE words (
        id bigserial PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        book_id bigint NOT NULL REFERENCES books(id) ON DELETE CASCADE,
        term text NOT NULL,
        term_key text NOT NULL,
        meaning text NOT NULL,
        image_reference text,
        study_state smallint NOT NULL DEFAULT 0 CHECK (study_state IN (0, 1, 2))
      )
      """,
      "CREATE INDEX words_by_book ON words(book_id, id)",
      // An import finds a row's cards by the term in Normalization Form C (`term_key`, set by
      // the service with Swift's own normalization), which two terms share exactly when Swift's
      // `==` calls them equal.
      "CREATE INDEX words_by_book_and_term ON words(book_id, term_key)",
      "CREATE INDEX words_by_user ON words(user_id, id)",
      """
      CREATE TABLE settings (
        user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        key text NOT NULL,
        value bigint NOT NULL,
        PRIMARY KEY (user_id, key)
      )
      """,
      // The change journal a change feed reads: kinds as in the SQLite journal (0 added,
      // 1 updated, 2 deleted, 3 book to reload, 4 books changed).
      """
      CREATE TABLE changes (
        seq bigserial PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        kind smallint NOT NULL,
        book_id bigint NOT NULL,
        word_id bigint
      )
      """,
      "CREATE INDEX changes_by_user ON changes(user_id, seq)",
    ],
    // The review log and what it replays to, as on SQLite: `reviews` keeps every rating in the
    // order it was recorded (its `id`); `memory_states` one row per reviewed word, its FSRS
    // state and the generator its next review draws fuzz from. Phases are 1 learning,
    // 2 review, 3 relearning; times are seconds since 1970 (UTC).
    [
      """
      CREATE TABLE reviews (
        id bigserial PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        word_id bigint NOT NULL REFERENCES words(id) ON DELETE CASCADE,
        reviewed_at bigint NOT NULL,
        rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 4)
      )
      """,
      "CREATE INDEX reviews_by_word ON reviews(word_id, id)",
      """
      CREATE TABLE memory_states (
        word_id bigint PRIMARY KEY REFERENCES words(id) ON DELETE CASCADE,
        user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        phase smallint NOT NULL CHECK (phase IN (1, 2, 3)),
        step bigint NOT NULL,
        stability double precision NOT NULL,
        difficulty double precision NOT NULL,
        due bigint NOT NULL,
        last_review bigint NOT NULL,
        review_count bigint NOT NULL,
        lapse_count bigint NOT NULL,
        generator bigint NOT NULL
      )
      """,
      "CREATE INDEX memory_states_by_due ON memory_states(user_id, due, word_id)",
      // Settings that are text, such as the review settings' JSON.
      "ALTER TABLE settings ADD COLUMN text_value text",
    ],
    [
      // Accounts: an Argon2id hash in libsodium's string form, or NULL for a user who cannot
      // sign in (one `--user` created).
      "ALTER TABLE users ADD COLUMN password_hash text"
    ],
    [
      // The words reviewed since a time (the new words begun today) without reading the book.
      "CREATE INDEX memory_states_by_last_review ON memory_states(user_id, last_review)"
    ],
    [
      // The page's sign-ins, which every server on the database accepts: a SHA-256 of the
      // cookie's secret (never the secret itself), its user and when it ends (seconds since
      // 1970). A deleted user's sign-ins go with them.
      """
      CREATE TABLE sign_ins (
        secret_hash bytea PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        expires_at bigint NOT NULL
      )
      """,
      "CREATE INDEX sign_ins_by_user ON sign_ins(user_id)",
    ],
    [
      // A new journal row wakes every server's change feeds of its user at once
      // (`PostgresChangeListener`): a notification on `wordbook_changes` naming the schema and
      // the user, sent when the writing transaction commits, once however many rows it added.
      """
      CREATE FUNCTION changes_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('wordbook_changes', current_schema() || ':' || NEW.user_id);
        RETURN NULL;
      END
      $$
      """,
      """
      CREATE TRIGGER changes_notified AFTER INSERT ON changes
      FOR EACH ROW EXECUTE FUNCTION changes_notify()
      """,
    ],
    [
      // An ended sign-in (a sign-out, a new password, a deleted user, an expired one cleared)
      // wakes every server's check of its pages' sign-ins at once: a notification on
      // `wordbook_changes` naming the schema and `sign-ins`, once per transaction.
      """
      CREATE FUNCTION sign_ins_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('wordbook_changes', current_schema() || ':sign-ins');
        RETURN NULL;
      END
      $$
      """,
      """
      CREATE TRIGGER sign_ins_ended AFTER DELETE ON sign_ins
      FOR EACH ROW EXECUTE FUNCTION sign_ins_notify()
      """,
    ],
    // A rating's ID, made where it was given, so that a rating sent twice is stored once
    // (reviews from another app's history have none); each book keeps the study mode it was
    // left in.
    [
      "ALTER TABLE reviews ADD COLUMN rating_id text",
      "CREATE UNIQUE INDEX reviews_by_rating_id ON reviews(rating_id) WHERE rating_id IS NOT NULL",
      "ALTER TABLE books ADD COLUMN study_mode text NOT NULL DEFAULT 'all'",
    ],
    // A journal row's notification also names the row (`schema:user#row`), so that a change
    // feed that has the row already, such as the writer's own, need not read the journal. (A
    // statement trigger naming every user of a batch once cost PostgreSQL more than a
    // notification per row.)
    [
      """
      CREATE OR REPLACE FUNCTION changes_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify(
          'wordbook_changes', current_schema() || ':' || NEW.user_id || '#' || NEW.seq);
        RETURN NULL;
      END
      $$
      """
    ],
  ]

  /// The schema version this build writes and understands.
  static var latestVersion: Int64 { Int64(migrations.count) }

  /// Brings the database up to ``latestVersion`` under the migration lock.
  ///
  /// - Throws: `WordServiceError.Kind.unsupportedVersion` for a newer database.
  static func migrate(_ connection: PostgresConnection) throws(WordServiceError) {
    let what = WordServiceError.Operation.openDatabase
    // Reading first keeps an up-to-date database from taking the lock on every open.
    if try version(connection) == latestVersion { return }
    try connection.inTransaction(what) { () throws(WordServiceError) in
      // The lock is per schema, as each schema holds a database of its own; waiting for it may
      // take longer than a statement's usual lock timeout while another process migrates.
      try connection.execute("SET LOCAL lock_timeout = '60s'", what)
      try connection.query(
        "SELECT pg_advisory_xact_lock($1::integer, hashtext(current_schema()))",
        [.integer(migrationLock)], what)
      try connection.execute(
        "CREATE TABLE IF NOT EXISTS schema_version (version bigint NOT NULL)", what)
      // Another process may have migrated the database since the read above: decide again,
      // under the lock.
      let current = try version(connection)
      for migration in migrations.dropFirst(Int(current)) {
        for sql in migration { try connection.execute(sql, what) }
      }
      try connection.execute("DELETE FROM schema_version", what)
      try connection.query(
        "INSERT INTO schema_version (version) VALUES ($1)", [.integer(latestVersion)], what)
    }
  }

  /// The database's schema version: 0 when it has no `schema_version` table yet.
  ///
  /// - Throws: `WordServiceError.Kind.unsupportedVersion` when it is newer than this build's.
  private static func version(_ connection: PostgresConnection) throws(WordServiceError)
    -> Int64
  {
    let what = WordServiceError.Operation.openDatabase
    let table = try connection.query(
      "SELECT to_regclass('schema_version') IS NOT NULL", [], what)
    guard table.text(0, 0) == "t" else { return 0 }
    let rows = try connection.query(
      "SELECT coalesce(max(version), 0) FROM schema_version", [], what)
    let version = rows.integer(0, 0)
    if version > latestVersion {
      throw .newerSchema(connection.location, version: version, known: latestVersion)
    }
    return version
  }
}
