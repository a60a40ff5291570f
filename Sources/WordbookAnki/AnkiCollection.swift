import CSQLite

/// The notes of an Anki collection: an SQLite database in a temporary file, opened read-only
/// with SQLite's defences for a database from an untrusted source.
///
/// A package may hold any SQLite database, so reading its notes must not run what the database
/// declares: a view, a trigger or a virtual table (an FTS table whose content is a recursive
/// view runs forever and fills the temporary folder). The tables read must be ordinary tables,
/// views and triggers are switched off, the schema is not trusted, temporary storage stays in
/// memory, and every query stops after a number of steps proportional to the collection's size.
enum AnkiCollection {
  /// The tables of a collection that must be ordinary tables when present; `notes` must be.
  static let checkedTables = ["notes", "cards", "revlog"]

  /// How many virtual-machine steps SQLite runs between two calls of the progress handler.
  static let stepsPerCheck: Int32 = 1000

  /// The steps a collection of `size` bytes may take to be read: far more than the ten or so a
  /// row of an ordinary table needs, since a row takes at least a few bytes of the file.
  static func stepBudget(size: Int) -> Int {
    let (product, overflow) = size.multipliedReportingOverflow(by: 64)
    return overflow ? Int.max : product + 10_000_000
  }

  /// The ID and `flds` text of every note, in the order the notes were added.
  ///
  /// - Parameters:
  ///   - file: The collection, written out whole.
  ///   - name: The member it came from, for messages.
  ///   - stepBudget: How many steps reading it may take.
  /// - Throws: What ``open(_:name:stepBudget:)`` throws, and
  ///   ``AnkiPackageError/collectionTooComplex(_:steps:)`` when reading takes more than
  ///   `stepBudget` steps.
  static func notes(of file: CollectionFile, name: String, stepBudget: Int? = nil)
    throws(AnkiPackageError) -> [(id: Int64, fields: String)]
  {
    let query = try open(file, name: name, stepBudget: stepBudget)
    defer { query.close() }
    var notes: [(id: Int64, fields: String)] = []
    try query.forEachRow("SELECT id, flds FROM notes ORDER BY id") { row in
      notes.append((sqlite3_column_int64(row, 0), Query.text(row, column: 1)))
      return true
    }
    return notes
  }

  /// Opens a collection read-only with SQLite's defences on, and checks its tables.
  ///
  /// - Parameters:
  ///   - file: The collection, written out whole.
  ///   - name: The member it came from, for messages.
  ///   - stepBudget: How many steps the queries on it may take in all; by default,
  ///     ``stepBudget(size:)`` of the file.
  /// - Returns: The open collection; ``Query/close()`` it when done.
  /// - Throws: ``AnkiPackageError/notACollection(_:)`` when the file is not an SQLite database,
  ///   has no ordinary `notes` table with a `flds` column, or `cards` or `revlog` is not an
  ///   ordinary table.
  static func open(_ file: CollectionFile, name: String, stepBudget: Int? = nil)
    throws(AnkiPackageError) -> Query
  {
    guard file.size >= 100, file.header.starts(with: Array("SQLite format 3\0".utf8)) else {
      throw .notACollection(.notSQLite(name))
    }
    var database: OpaquePointer?
    guard
      sqlite3_open_v2(file.path, &database, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil)
        == SQLITE_OK, let database
    else {
      sqlite3_close_v2(database)
      throw .notACollection(.cannotOpen(name))
    }
    let budget = stepBudget ?? Self.stepBudget(size: file.size)
    let remaining = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    remaining.initialize(to: budget / Int(stepsPerCheck))
    let query = Query(database: database, name: name, remaining: remaining, budget: budget)
    do {
      try harden(database, size: file.size, remaining: remaining, name: name)
      try checkTables(with: query)
    } catch {
      query.close()
      throw error
    }
    return query
  }

  /// Turns on SQLite's defences before the schema is first read.
  private static func harden(
    _ database: OpaquePointer, size: Int, remaining: UnsafeMutablePointer<Int>, name: String
  ) throws(AnkiPackageError) {
    // SQLITE_DBCONFIG_TRUSTED_SCHEMA off is `PRAGMA trusted_schema = OFF`: functions and
    // virtual tables the schema names run only if SQLite marks them innocuous.
    let options: [(Int32, Int32)] = [
      (SQLITE_DBCONFIG_DEFENSIVE, 1), (SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0),
      (SQLITE_DBCONFIG_ENABLE_VIEW, 0), (SQLITE_DBCONFIG_ENABLE_TRIGGER, 0),
      (SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0),
    ]
    for (option, value) in options
    where wordbook_sqlite3_db_config_flag(database, option, value) != SQLITE_OK {
      throw .notACollection(.cannotGuard(name))
    }
    // No value read can be longer than the file; schema statements are short.
    let limits: [(Int32, Int32)] = [
      (SQLITE_LIMIT_LENGTH, Int32(clamping: max(size, 1 << 16))),
      (SQLITE_LIMIT_SQL_LENGTH, 1 << 20), (SQLITE_LIMIT_ATTACHED, 0),
      (SQLITE_LIMIT_COMPOUND_SELECT, 4), (SQLITE_LIMIT_EXPR_DEPTH, 100),
      (SQLITE_LIMIT_TRIGGER_DEPTH, 1), (SQLITE_LIMIT_WORKER_THREADS, 0),
    ]
    for (limit, value) in limits { sqlite3_limit(database, limit, value) }
    sqlite3_progress_handler(
      database, stepsPerCheck,
      { context in
        guard let remaining = context?.assumingMemoryBound(to: Int.self) else { return 1 }
        remaining.pointee -= 1
        return remaining.pointee < 0 ? 1 : 0
      }, remaining)
    // Sorts and temporary tables stay in memory, within a small cache: nothing is spilled to
    // the temporary folder.
    let pragmas =
      "PRAGMA temp_store = MEMORY; PRAGMA cache_size = -8192; PRAGMA query_only = ON; "
      + "PRAGMA cell_size_check = ON"
    guard sqlite3_exec(database, pragmas, nil, nil, nil) == SQLITE_OK else {
      throw .notACollection(.cannotGuard(name))
    }
  }

  /// Refuses a collection whose `notes`, `cards` or `revlog` is anything but an ordinary table
  /// (a view, a virtual table, an index of that name), or whose `flds` is not a stored column.
  private static func checkTables(with query: Query) throws(AnkiPackageError) {
    let names = checkedTables.map { "'\($0)'" }.joined(separator: ", ")
    let found = try query.rows(
      "SELECT lower(name) || char(31) || type || char(31) || coalesce(sql, '') FROM sqlite_schema"
        + " WHERE lower(name) IN (\(names))")
    var tables: Set<String> = []
    for row in found {
      let parts = row.split(separator: "\u{1F}", maxSplits: 2, omittingEmptySubsequences: false)
      let table = String(parts[0])
      let sql = parts.count > 2 ? parts[2] : ""
      let words = sql.uppercased().split(whereSeparator: { $0.isWhitespace }).prefix(2)
      guard parts.count > 1, parts[1] == "table", words.elementsEqual(["CREATE", "TABLE"]),
        tables.insert(table).inserted
      else {
        throw .notACollection(.notAnOrdinaryTable(query.name, table: table))
      }
    }
    let storedFields = try query.rows(
      "SELECT 1 FROM pragma_table_xinfo('notes') WHERE name = 'flds' AND hidden = 0")
    guard tables.contains("notes"), !storedFields.isEmpty else {
      throw .notACollection(.noNotesTable(query.name))
    }
  }
}
