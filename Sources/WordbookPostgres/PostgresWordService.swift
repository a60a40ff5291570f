import StoreCore
import Wordbook

/// A `WordService` that keeps one user's wordbooks in a PostgreSQL database, shared by many
/// users and many processes.
///
/// ```swift
/// let service = try await PostgresWordService(url: url, user: "mina")
/// let books = try await service.fetchBooks()
/// ```
///
/// Every row belongs to a user (see ``user``) and every statement filters by the user's ID, so
/// the service sees and changes the user's books, words and settings only. Each write runs in
/// its own transaction, committed when the call returns; a batch of study marks and an import
/// are one transaction each, all or nothing.
///
/// The service's calls run one at a time, in the order they were made, each on a connection
/// that every service and `PostgresAccounts` of the process opened at the same URL share (at
/// most eight, opened as the calls need them and closed when the last of those services is
/// released). Each connection works on a thread of its own: callers waiting their turn
/// suspend, and libpq's blocking network calls never occupy a thread of Swift's cooperative
/// pool. A connection the server ended while it was idle (a restart) is opened again before a
/// call uses it; when a connection is lost during a call, the call fails with
/// `WordServiceError.Kind.unavailable` (retryable) and the next call connects again.
///
/// Given a hot standby (`replica`, kept by PostgreSQL's streaming replication), the reads that
/// show what is stored go to it: the books, their tallies and words, review logs and
/// schedules, which the books list, the review chart, `stats` and `export` read. Writes, the
/// change journal and its notifications, settings and what a round is built from stay on the
/// primary. A read goes to the standby only when it has replayed the user's newest change on
/// the primary, so it never shows less than the primary would; a standby behind, failing or
/// unreachable leaves the read to the primary (one that cannot be reached is left alone for
/// ten seconds), so a standby costs no write and no error.
///
/// ```swift
/// let service = try await PostgresWordService(url: url, user: "mina", replica: standby)
/// let books = try await service.fetchBooks()  // from the standby when it is up to date
/// ```
public final class PostgresWordService: WordService {
  /// The user whose wordbooks the service reads and writes.
  public let user: String
  /// Whether opening created the user (and added the sample wordbook, when asked).
  public let createdUser: Bool
  /// The database's URL without its password.
  public var location: String { database.location }
  /// The service's calls, in order, on the process's connections.
  let database: PostgresDatabase
  /// The user's row in `users`.
  let userID: Int64
  /// The database's URL, password included, for the change listener's connection.
  let url: String
  /// What the database's notifications of the user's journal rows say: `schema:user ID`.
  let changeKey: String
  /// The newest row of the user's change journal that this service has written or read, or
  /// found at opening: where a new change feed starts.
  let seenChange: Locked<Int64>
  /// The change feeds open, by number, which report the marks this service commits.
  let feeds = Locked<(number: Int, open: [Int: PostgresChangeFeed])>((0, [:]))
  /// What commits this service's marks with those of the process's other services.
  let committer: StudyMarkCommitter
  /// What reads this service's journal with those of the process's other services.
  let journalReader: PostgresJournalReader
  /// The hot standby that answers the service's reads of what is stored, if any.
  let replica: PostgresReplica?

  /// Connects to the database at `url`, creates or upgrades its schema, and finds or creates
  /// the user named `user`.
  ///
  /// Several processes may open a new database at once: the schema is created once, under an
  /// advisory lock.
  ///
  /// - Parameters:
  ///   - url: A `postgresql://` or `postgres://` URL (or any libpq connection string).
  ///   - user: The user's name; a new name creates the user.
  ///   - seedsSampleWordbook: When the user is new, add `SampleWordbook` so they see cards at
  ///     once. An existing user is never changed.
  ///   - replica: The URL of a hot standby of the database, which answers the reads of what is
  ///     stored when it is up to date (see ``PostgresWordService``); `nil` reads everything
  ///     from `url`. Only the primary's schema is created or upgraded.
  /// - Throws: `WordServiceError` with kind `WordServiceError.Kind.unavailable` when the server
  ///   cannot be reached, `WordServiceError.Kind.unsupportedVersion` when a newer Wordbook
  ///   wrote the schema, `WordServiceError.Kind.invalidInput` with the reason
  ///   `WordServiceError.Reason.blankUserName` when `user` is blank.
  public init(
    url: String, user: String, seedsSampleWordbook: Bool = false, replica: String? = nil
  ) async throws(WordServiceError) {
    let name = user.trimmingWhitespace()
    guard !name.isEmpty else { throw WordServiceError(.invalidInput, reason: .blankUserName) }
    let database = PostgresDatabase(url: url)
    let sample = seedsSampleWordbook ? SampleWordbook.books : []
    let (opened, schema) = try await database.run {
      connection throws(WordServiceError) in
      try PostgresSchema.migrate(connection)
      let schema = try connection.query("SELECT current_schema()", [], .openDatabase).text(0, 0)
      return (try Self.user(named: name, connection, addingWhenNew: sample), schema)
    }
    self.user = name
    self.database = database
    committer = StudyMarkCommitter.shared(url: url)
    journalReader = PostgresJournalReader.shared(url: url)
    self.url = url
    changeKey = "\(schema):\(opened.id)"
    userID = opened.id
    createdUser = opened.created
    seenChange = Locked(opened.latestChange)
    self.replica = replica.map(PostgresReplica.init)
  }

  /// Connects to the database at `url`, creates or upgrades its schema, and opens the
  /// wordbooks of the user whose account has the ID `userID`, which it never creates: a
  /// server's page opens its signed-in learner's account so, which a name would not tell from
  /// a deleted account's successor.
  ///
  /// - Parameters:
  ///   - url: A `postgresql://` or `postgres://` URL (or any libpq connection string).
  ///   - userID: The account's ID (`PostgresAccounts.User.id`).
  ///   - replica: The URL of a hot standby of the database, as for
  ///     ``init(url:user:seedsSampleWordbook:replica:)``.
  /// - Throws: `WordServiceError` with kind `WordServiceError.Kind.notFound` and the reason
  ///   `WordServiceError.Reason.userNotFound(_:)` when no user has the ID, and as
  ///   ``init(url:user:seedsSampleWordbook:replica:)`` when the database cannot be opened.
  public init(url: String, userID: Int64, replica: String? = nil) async throws(WordServiceError) {
    let database = PostgresDatabase(url: url)
    let opened = try await database.run {
      connection throws(WordServiceError) -> (name: String, schema: String, latestChange: Int64)? in
      try PostgresSchema.migrate(connection)
      let schema = try connection.query("SELECT current_schema()", [], .openDatabase).text(0, 0)
      let rows = try connection.query(
        "SELECT name FROM users WHERE id = $1", [.integer(userID)], .openDatabase)
      guard rows.count == 1 else { return nil }
      let library = UserLibrary(connection, userID: userID)
      return (rows.text(0, 0), schema, try library.latestChange())
    }
    guard let found = opened else {
      throw WordServiceError(.notFound, reason: .userNotFound(userID))
    }
    let schema = found.schema
    user = found.name
    self.database = database
    committer = StudyMarkCommitter.shared(url: url)
    journalReader = PostgresJournalReader.shared(url: url)
    self.url = url
    changeKey = "\(schema):\(userID)"
    self.userID = userID
    createdUser = false
    seenChange = Locked(found.latestChange)
    self.replica = replica.map(PostgresReplica.init)
  }

  /// The user's ID, created with `sample` when no user has the name, and the newest row of
  /// their journal.
  private static func user(
    named name: String, _ connection: PostgresConnection,
    addingWhenNew sample: [(title: String, words: [WordDraft])]
  ) throws(WordServiceError) -> (id: Int64, created: Bool, latestChange: Int64) {
    try connection.inTransaction(.openDatabase) { () throws(WordServiceError) in
      let inserted = try connection.query(
        "INSERT INTO users (name) VALUES ($1) ON CONFLICT (name) DO NOTHING RETURNING id",
        [.text(name)], .openDatabase)
      if inserted.count == 1 {
        let library = UserLibrary(connection, userID: inserted.integer(0, 0))
        for (title, words) in sample {
          let book = try library.insertBook(title: title)
          for draft in words { _ = try library.insertWord(draft, into: book.id) }
        }
        return (library.userID, true, library.lastJournaled)
      }
      let found = try connection.query(
        "SELECT id FROM users WHERE name = $1", [.text(name)], .openDatabase)
      let library = UserLibrary(connection, userID: found.integer(0, 0))
      return (library.userID, false, try library.latestChange())
    }
  }

  /// Whether `location` names a PostgreSQL database (a `postgresql://` or `postgres://` URL)
  /// rather than a SQLite file.
  ///
  /// - Parameter location: A `--db` value or `$WORDBOOK_DB`.
  public static func isDatabaseURL(_ location: String) -> Bool {
    location.hasPrefix("postgresql://") || location.hasPrefix("postgres://")
  }

  /// Returns every wordbook, in the order they were created, with its word count.
  public func fetchBooks() async throws(WordServiceError) -> [WordBook] {
    try await readingFromReplica(.loadBooks, isOneStatement: true) {
      library throws(WordServiceError) in
      try library.books()
    }
  }

  /// Returns the words of a book, in the order they were added.
  public func fetchWords(in bookID: WordBook.ID) async throws(WordServiceError) -> [Word] {
    try await readingFromReplica(.loadWords) { library throws(WordServiceError) in
      try library.requireBook(bookID)
      return try library.words(in: bookID)
    }
  }

  /// Returns one page of a book's words, in the order they were added, read from the book's
  /// index.
  public func fetchWords(in bookID: WordBook.ID, after word: Word.ID?, limit: Int)
    async throws(WordServiceError) -> [Word]
  {
    try await readingFromReplica(.loadWords) { library throws(WordServiceError) in
      try library.requireBook(bookID)
      return try library.words(in: bookID, after: word, limit: limit)
    }
  }

  /// Counts the words of every book in each study state, in SQL.
  public func fetchTallies() async throws(WordServiceError) -> [WordBook.ID: StudyTally] {
    try await readingFromReplica(.loadBooks, isOneStatement: true) {
      library throws(WordServiceError) in
      try library.tallies()
    }
  }

  /// Creates an empty wordbook, unless another of the user's books has the same title.
  public func createBook(title: String) async throws(WordServiceError) -> WordBook {
    let title = try WordServiceError.validTitle(title)
    return try await writing(.createBook) { library throws(WordServiceError) in
      try library.insertBook(title: title)
    }
  }

  /// Saves a new word at the end of a book.
  public func saveWord(_ draft: WordDraft, to bookID: WordBook.ID) async throws(WordServiceError)
    -> Word
  {
    _ = try WordServiceError.validTerm(draft.term)
    return try await writing(.saveWord) { library throws(WordServiceError) in
      try library.requireBook(bookID)
      return try library.insertWord(draft, into: bookID)
    }
  }

  /// Deletes a word.
  public func deleteWord(_ wordID: Word.ID) async throws(WordServiceError) {
    try await writing(.deleteWord) { library throws(WordServiceError) in
      try library.deleteWord(wordID)
    }
  }

  /// Ends the service, after the calls made before have finished.
  ///
  /// Every later call throws an error saying the database was closed; closing again does
  /// nothing. The connections stay open for the process's other services on the same URL and
  /// close with the last of them to be released.
  public func close() async {
    await database.close()
    // A feed waiting for a notification reads once more, and ends.
    for feed in feeds.withLock({ Array($0.open.values) }) { feed.doorbell.ring() }
    await replica?.database.close()
  }

  /// Runs `body` with the user's library, one call at a time, and notes the newest journal row
  /// it wrote, so that a change feed started afterwards reports only later changes.
  func withLibrary<Result: Sendable>(
    _ body: @escaping @Sendable (UserLibrary) throws(WordServiceError) -> Result
  ) async throws(WordServiceError) -> Result {
    let userID = userID
    let (result, journaled) = try await database.run { connection throws(WordServiceError) in
      let library = UserLibrary(connection, userID: userID)
      return (try body(library), library.lastJournaled)
    }
    seenChange.withLock { $0 = max($0, journaled) }
    return result
  }

  /// Runs `body` in a transaction that holds the user's lock (see ``withLibrary(_:)`` and
  /// `UserLibrary.inTransaction`), all of its writes or none.
  func writing<Result: Sendable>(
    _ what: WordServiceError.Operation,
    _ body: @escaping @Sendable (UserLibrary) throws(WordServiceError) -> Result
  ) async throws(WordServiceError) -> Result {
    try await withLibrary { library throws(WordServiceError) in
      try library.inTransaction(what) { () throws(WordServiceError) in try body(library) }
    }
  }

  /// Runs `body` in a transaction without the user's lock (see ``withLibrary(_:)``), so that
  /// its reads see one state of the database.
  func reading<Result: Sendable>(
    _ what: WordServiceError.Operation,
    _ body: @escaping @Sendable (UserLibrary) throws(WordServiceError) -> Result
  ) async throws(WordServiceError) -> Result {
    try await withLibrary { library throws(WordServiceError) in
      try library.connection.inTransaction(what) { () throws(WordServiceError) in
        try body(library)
      }
    }
  }
}
