import CSQLite

/// The notes of an Anki collection: an SQLite database held in memory, opened read-only.
///
/// The database is handed to SQLite with `sqlite3_deserialize`, so nothing is written to disk,
/// and every query only reads.
enum AnkiCollection {
  /// The `flds` text of every note, in the order the notes were added.
  ///
  /// - Parameters:
  ///   - bytes: The collection's database file.
  ///   - name: The member it came from, for messages.
  /// - Throws: ``AnkiPackageError/notACollection(_:)`` when the bytes are not an SQLite
  ///   database or have no `notes` table with a `flds` column.
  static func noteFields(of bytes: [UInt8], name: String) throws(AnkiPackageError) -> [String] {
    guard bytes.count >= 100, bytes.starts(with: Array("SQLite format 3\0".utf8)) else {
      throw .notACollection("\(name) is not an SQLite database")
    }
    var database: OpaquePointer?
    guard sqlite3_open_v2(":memory:", &database, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK,
      let database
    else {
      sqlite3_close_v2(database)
      throw .notACollection("SQLite could not open \(name)")
    }
    defer { sqlite3_close_v2(database) }
    guard let copy = sqlite3_malloc64(sqlite3_uint64(bytes.count)) else {
      throw .notACollection("\(name) does not fit in memory")
    }
    bytes.withUnsafeBytes { raw in
      if let source = raw.baseAddress { copy.copyMemory(from: source, byteCount: raw.count) }
    }
    // A collection saved in WAL mode says so in bytes 18 and 19; an in-memory copy has no WAL
    // file, so it is read as the rollback-journal database it is without one.
    let header = copy.assumingMemoryBound(to: UInt8.self)
    if header[18] == 2 { header[18] = 1 }
    if header[19] == 2 { header[19] = 1 }
    let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_READONLY)
    guard
      sqlite3_deserialize(
        database, "main", header, sqlite3_int64(bytes.count), sqlite3_int64(bytes.count), flags)
        == SQLITE_OK
    else { throw .notACollection("SQLite could not read \(name)") }
    // A table, not a view: a package's view could hold a query that never ends.
    let notesTable = """
      SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'notes'
        AND EXISTS (SELECT 1 FROM pragma_table_info('notes') WHERE name = 'flds')
      """
    guard try !query(database, notesTable, name).isEmpty else {
      throw .notACollection("\(name) has no notes table")
    }
    return try query(database, "SELECT flds FROM notes ORDER BY id", name)
  }

  /// The first column of every row `sql` returns, as text.
  private static func query(_ database: OpaquePointer, _ sql: String, _ name: String)
    throws(AnkiPackageError) -> [String]
  {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK, let statement
    else {
      let message = String(cString: sqlite3_errmsg(database))
      throw .notACollection("\(name): \(message)")
    }
    defer { sqlite3_finalize(statement) }
    var rows: [String] = []
    while true {
      let code = sqlite3_step(statement)
      if code == SQLITE_DONE { return rows }
      guard code == SQLITE_ROW else {
        let message = String(cString: sqlite3_errmsg(database))
        throw .notACollection("\(name): \(message)")
      }
      let count = Int(sqlite3_column_bytes(statement, 0))
      if let text = sqlite3_column_text(statement, 0) {
        rows.append(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
      } else {
        rows.append("")
      }
    }
  }
}
