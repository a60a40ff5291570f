import CSQLite
import StoreCore
import Wordbook

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A `WordService` that keeps wordbooks in a SQLite database file: the app's
/// embedded default store.
///
/// ```swift
/// let service = try SQLiteWordService(
///   path: SQLiteWordService.defaultLocation(), seedsSampleWordbook: true)
/// let books = try await service.fetchBooks()
/// ```
///
/// Every write runs in its own `BEGIN IMMEDIATE` transaction and is durable when the call
/// returns: the database runs in WAL mode with `synchronous = FULL`, so each commit is flushed
/// to the disk (`fsync`) before the call answers. An acknowledged write therefore survives the
/// process being killed (which `synchronous = NORMAL` would also guarantee) and a power loss or
/// operating-system crash (which `NORMAL` would not). The price is one flush per call, which a
/// person marking cards never notices; a bulk import is one transaction and pays it once.
///
/// The service is safe to use from many tasks at once: its one connection is isolated to an
/// internal actor, so calls run one at a time and callers waiting their turn suspend. A call
/// occupies one thread while SQLite works. Other processes may open the same file, even a new
/// one at the same moment: the schema and the sample wordbook are created once. When another
/// process holds the write lock longer than the busy timeout (5 seconds), a write fails with
/// `WordServiceError.Kind.unavailable`, which is retryable. A file with more than one name
/// (hard link) is refused: SQLite keeps its write-ahead log and locks beside each name, so two
/// names for one file could lose committed writes.
public final class SQLiteWordService: WordService {
  /// Settings that tests change; the defaults are what the app uses.
  package struct Options: Sendable {
    /// How long a call waits for another connection's lock before failing as unavailable.
    package var busyTimeout: Duration
    /// The most pages the database may grow to (`PRAGMA max_page_count`), to simulate a
    /// full disk; `nil` for SQLite's default.
    package var maxPageCount: Int?

    /// Creates options.
    package init(busyTimeout: Duration = .seconds(5), maxPageCount: Int? = nil) {
      self.busyTimeout = busyTimeout
      self.maxPageCount = maxPageCount
    }
  }

  /// The database file.
  public let path: String
  /// Whether opening created the database (and added the sample wordbook, when asked).
  public let createdDatabase: Bool
  /// The connection, isolated to an actor (see `Database` for the invariant); it closes when
  /// the service is released.
  private let database: Database
  /// The newest row of the change journal that this service has read or found at opening:
  /// where a new change feed starts.
  let seenChange: Locked<Int64>

  /// Opens the database at `path`, creating it and its folders if needed.
  ///
  /// - Parameters:
  ///   - path: The database file, such as ``defaultLocation(environment:)``.
  ///   - seedsSampleWordbook: When the database is new, add `SampleWordbook` so a
  ///     new user sees cards at once. An existing database is never changed.
  /// - Throws: `WordServiceError` with kind
  ///   `WordServiceError.Kind.corrupted` when the file is not a Wordbook database,
  ///   `WordServiceError.Kind.unsupportedVersion` when a newer Wordbook wrote it,
  ///   `WordServiceError.Kind.readOnly` when the file or its folder cannot be
  ///   written, `WordServiceError.Kind.unavailable` when another process holds it
  ///   locked, `WordServiceError.Kind.other` when the file has more than one name (hard
  ///   link). A file that is not ours, or that it refuses, is never written.
  public convenience init(path: String, seedsSampleWordbook: Bool = false)
    throws(WordServiceError)
  {
    try self.init(path: path, seedsSampleWordbook: seedsSampleWordbook, options: Options())
  }

  /// Opens the database at `path` with test settings.
  package init(path: String, seedsSampleWordbook: Bool = false, options: Options)
    throws(WordServiceError)
  {
    let what = WordServiceError.Operation.openDatabase
    let folder = FileSystem.folder(of: path)
    try FileSystem.createFolder(folder)
    if case .folder(writable: false) = FileSystem.entry(at: folder) {
      throw .readOnly(folder, doing: what)
    }
    switch FileSystem.entry(at: path) {
    case .missing: break
    case .file(let size, let writable, let links):
      guard size == 0 || FileSystem.hasSQLiteHeader(path) else { throw .notADatabase(path) }
      guard links == 1 else { throw .severalNames(path, links: links) }
      guard writable else { throw .readOnly(path, doing: what) }
    case .folder, .other:
      throw .notADatabase(path)
    }
    let connection = try Connection(path: path)
    guard sqlite3_db_readonly(connection.handle, "main") == 0 else {
      throw .readOnly(path, doing: what)
    }
    let timeout = options.busyTimeout.components
    sqlite3_busy_timeout(
      connection.handle,
      Int32(clamping: timeout.seconds * 1000 + timeout.attoseconds / 1_000_000_000_000_000))
    // While other processes create the same new file, SQLite can answer "busy" at once
    // instead of waiting (a lock upgrade it refuses to wait for, a log being recovered): the
    // steps are tried again until the busy timeout has passed.
    let deadline = ContinuousClock.now + options.busyTimeout
    while true {
      do {
        self.createdDatabase = try Self.prepare(
          connection, path: path, sample: seedsSampleWordbook ? SampleWordbook.books : [])
        break
      } catch  where error.kind == .unavailable && ContinuousClock.now < deadline {
        usleep(UInt32.random(in: 2_000...20_000))
      }
    }
    if let pages = options.maxPageCount {
      _ = try connection.integer("PRAGMA max_page_count = \(pages)", what)
    }
    self.path = path
    self.seenChange = Locked(try connection.latestChange())
    self.database = Database(connection, path: path)
  }

  /// Checks that the file is ours, switches it to write-ahead logging and brings its schema up
  /// to date.
  ///
  /// - Returns: Whether the file was new.
  private static func prepare(
    _ connection: Connection, path: String, sample: [(title: String, words: [WordDraft])]
  ) throws(WordServiceError) -> Bool {
    let what = WordServiceError.Operation.openDatabase
    // Refuses a damaged, foreign or newer file before anything is written to it.
    _ = try Schema.checkedVersion(connection)
    let mode = try connection.text("PRAGMA journal_mode = WAL", what)
    guard mode.lowercased() == "wal" else {
      throw .storage(.other, .noWriteAheadLog(mode: mode), during: what, path: path)
    }
    try connection.execute("PRAGMA synchronous = FULL", what)
    try connection.execute("PRAGMA foreign_keys = ON", what)
    return try Schema.migrate(connection, addingWhenNew: sample)
  }

  /// Returns every wordbook, in the order they were created, with its word count.
  public func fetchBooks() async throws(WordServiceError) -> [WordBook] {
    try await withConnection { connection throws(WordServiceError) in try connection.books() }
  }

  /// Returns the words of a book, in the order they were added.
  ///
  /// - Complexity: O(*n*) in the book's words; rows are decoded straight from SQLite's
  ///   buffers into the returned `Word` values.
  public func fetchWords(in bookID: WordBook.ID) async throws(WordServiceError) -> [Word] {
    try await reading(.loadWords) { connection throws(WordServiceError) in
      guard let count = try connection.wordCount(of: bookID) else {
        throw .bookNotFound(bookID)
      }
      return try connection.words(in: bookID, count: count)
    }
  }

  /// Returns one page of a book's words, in the order they were added.
  ///
  /// - Complexity: O(*limit* + log *n*): the page is read from the book's index, starting
  ///   after `word`.
  public func fetchWords(in bookID: WordBook.ID, after word: Word.ID?, limit: Int)
    async throws(WordServiceError) -> [Word]
  {
    try await reading(.loadWords) { connection throws(WordServiceError) in
      try connection.requireBook(bookID)
      return try connection.words(in: bookID, after: word, limit: limit)
    }
  }

  /// Returns one page of a book's words with their texts as stored, for commands that copy
  /// them out without a `String` for each text.
  ///
  /// - Complexity: O(*limit* + log *n*), as ``fetchWords(in:after:limit:)``.
  package func fetchWordTexts(in bookID: WordBook.ID, after word: Word.ID?, limit: Int)
    async throws(WordServiceError) -> WordTextPage
  {
    try await reading(.loadWords) { connection throws(WordServiceError) in
      try connection.requireBook(bookID)
      return try connection.wordTexts(in: bookID, after: word, limit: limit)
    }
  }

  /// Counts the words of every book in each study state, in SQL.
  public func fetchTallies() async throws(WordServiceError) -> [WordBook.ID: StudyTally] {
    try await withConnection { connection throws(WordServiceError) in try connection.tallies() }
  }

  /// Creates an empty wordbook, unless another book has the same title (see
  /// ``renameBook(_:to:)`` for the comparison).
  public func createBook(title: String) async throws(WordServiceError) -> WordBook {
    let title = try WordServiceError.validTitle(title)
    return try await writing(.createBook) { connection throws(WordServiceError) in
      if let existing = try connection.book(titled: title) { throw .titleTaken(by: existing) }
      return WordBook(id: try connection.insertBook(title: title), title: title)
    }
  }

  /// Saves a new word at the end of a book.
  public func saveWord(_ draft: WordDraft, to bookID: WordBook.ID) async throws(WordServiceError)
    -> Word
  {
    _ = try WordServiceError.validTerm(draft.term)
    return try await writing(.saveWord) { connection throws(WordServiceError) in
      try connection.requireBook(bookID)
      return try connection.insertWord(draft, into: bookID)
    }
  }

  /// Sets the study state of several words in one transaction, all or none.
  public func updateStudyStates(_ changes: [StudyStateChange]) async throws(WordServiceError) {
    try await writing(.saveStudyMarks) { connection throws(WordServiceError) in
      for change in changes where try !connection.setStudyState(change) {
        throw .wordNotFound(change.wordID)
      }
    }
  }

  /// Deletes a word.
  public func deleteWord(_ wordID: Word.ID) async throws(WordServiceError) {
    try await writing(.deleteWord) { connection throws(WordServiceError) in
      try connection.deleteWord(wordID)
    }
  }

  /// Closes the database file, after the call running now, if any, has finished.
  ///
  /// Every later call throws an error saying the database was closed; closing again does
  /// nothing. Without it the file is closed when the service is released.
  public func close() async {
    await database.close()
  }

  /// Runs `body` with the connection, one call at a time.
  ///
  /// Afterwards it notes the newest journal row, so that a change feed started after this
  /// call reports only the changes made after it.
  func withConnection<Result: Sendable>(
    _ body: @Sendable (Connection) throws(WordServiceError) -> Result
  ) async throws(WordServiceError) -> Result {
    try await database.run { connection throws(WordServiceError) in
      let result = try body(connection)
      if let newest = try? connection.latestChange() {
        seenChange.withLock { $0 = max($0, newest) }
      }
      return result
    }
  }

  /// Runs `body` in a transaction on the connection (see ``withConnection(_:)``), all of its
  /// writes or none.
  func writing<Result: Sendable>(
    _ what: WordServiceError.Operation,
    _ body: @Sendable (Connection) throws(WordServiceError) -> Result
  ) async throws(WordServiceError) -> Result {
    try await withConnection { connection throws(WordServiceError) in
      try connection.inTransaction(what) { () throws(WordServiceError) in try body(connection) }
    }
  }

  /// Runs `body` in a read transaction on the connection (see ``withConnection(_:)``), so that
  /// its reads see one state of the file.
  func reading<Result: Sendable>(
    _ what: WordServiceError.Operation,
    _ body: @Sendable (Connection) throws(WordServiceError) -> Result
  ) async throws(WordServiceError) -> Result {
    try await withConnection { connection throws(WordServiceError) in
      try connection.inReadTransaction(what) { () throws(WordServiceError) in
        try body(connection)
      }
    }
  }
}
