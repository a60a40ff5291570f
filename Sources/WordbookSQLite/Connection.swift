import CSQLite
import Wordbook

/// One open SQLite connection and its cache of prepared statements.
///
/// Not thread-safe: ``SQLiteWordService`` keeps it behind a mutex, so only one call uses it at a
/// time. Closing happens in `deinit`, after every cached statement is finalized.
final class Connection {
  let handle: OpaquePointer
  let path: String
  private var statements: [String: OpaquePointer] = [:]

  /// Opens (or creates) the database file at `path` for reading and writing.
  init(path: String) throws(WordServiceError) {
    var handle: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
    let code = sqlite3_open_v2(path, &handle, flags, nil)
    guard let handle else {
      throw .storage(.other, .system(detail: "out of memory"), during: .openDatabase, path: path)
    }
    self.handle = handle
    self.path = path
    sqlite3_extended_result_codes(handle, 1)
    if code != SQLITE_OK {
      throw error(code, .openDatabase)
    }
  }

  deinit {
    for statement in statements.values { sqlite3_finalize(statement) }
    sqlite3_close_v2(handle)
  }

  /// Returns the cached prepared statement for `sql`, preparing it on first use.
  ///
  /// `sql` is always a constant from this module; values travel as bound parameters.
  func statement(_ sql: String) throws(WordServiceError) -> Statement {
    if let cached = statements[sql] { return Statement(handle: cached) }
    var prepared: OpaquePointer?
    let code = sqlite3_prepare_v3(
      handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
    guard code == SQLITE_OK, let prepared else {
      throw error(code, .prepareQuery)
    }
    statements[sql] = prepared
    return Statement(handle: prepared)
  }

  /// Runs `sql`, which takes no parameters, stepping through any rows it returns.
  func execute(_ sql: String, _ what: WordServiceError.Operation) throws(WordServiceError) {
    let statement = try self.statement(sql)
    defer { statement.reset() }
    while try statement.step(self, what) {}
  }

  /// Runs a query that returns one integer, such as a `PRAGMA`.
  func integer(_ sql: String, _ what: WordServiceError.Operation) throws(WordServiceError) -> Int64
  {
    let statement = try self.statement(sql)
    defer { statement.reset() }
    guard try statement.step(self, what) else { return 0 }
    return statement.int64(at: 0)
  }

  /// Runs a query that returns one text value, such as `PRAGMA journal_mode`.
  func text(_ sql: String, _ what: WordServiceError.Operation) throws(WordServiceError) -> String {
    let statement = try self.statement(sql)
    defer { statement.reset() }
    guard try statement.step(self, what) else { return "" }
    return statement.text(at: 0)
  }

  /// Runs `body` inside `BEGIN IMMEDIATE` … `COMMIT`, rolling back when it throws.
  ///
  /// `BEGIN IMMEDIATE` takes the write lock up front, so a busy database fails at the start
  /// (after the busy timeout) instead of in the middle of the work.
  func inTransaction<Result>(
    _ what: WordServiceError.Operation,
    _ body: () throws(WordServiceError) -> Result
  ) throws(WordServiceError) -> Result {
    try execute("BEGIN IMMEDIATE", what)
    do {
      let result = try body()
      try execute("COMMIT", what)
      return result
    } catch {
      rollback()
      throw error
    }
  }

  /// Runs `body` inside a read transaction, so its queries see one snapshot of the file.
  func inReadTransaction<Result>(
    _ what: WordServiceError.Operation,
    _ body: () throws(WordServiceError) -> Result
  ) throws(WordServiceError) -> Result {
    try execute("BEGIN", what)
    defer { rollback() }
    return try body()
  }

  /// Rolls back the open transaction, if SQLite has not already done so.
  func rollback() {
    guard sqlite3_get_autocommit(handle) == 0 else { return }
    sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
  }

  /// The number of rows the last `INSERT`, `UPDATE` or `DELETE` changed.
  var changes: Int { Int(sqlite3_changes64(handle)) }

  /// The row ID of the last `INSERT`.
  var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  /// Translates a SQLite result code into an error that says what failed and what to do.
  func error(_ code: Int32, _ what: WordServiceError.Operation) -> WordServiceError {
    let detail = String(cString: sqlite3_errstr(code))
    return WordServiceError.sqlite(code: code, doing: what, path: path, detail: detail)
  }
}
