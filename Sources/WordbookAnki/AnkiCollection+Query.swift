import CSQLite

extension AnkiCollection {
  /// Runs queries on an open collection, each one's errors named after the member.
  struct Query {
    let database: OpaquePointer
    /// The member the collection came from.
    let name: String
    /// The progress handler's countdown: below zero, SQLite stops the query.
    let remaining: UnsafeMutablePointer<Int>
    /// The steps the countdown started from, for the message.
    let budget: Int

    /// The first column of every row `sql` returns, as text.
    func rows(_ sql: String) throws(AnkiPackageError) -> [String] {
      var rows: [String] = []
      try forEachRow(sql) { row in
        rows.append(Self.text(row, column: 0))
        return true
      }
      return rows
    }

    /// Runs `sql` and calls `body` with the statement at each row it returns, until `body`
    /// returns `false`.
    ///
    /// - Throws: What `body` throws, ``AnkiPackageError/collectionTooComplex(_:steps:)`` past
    ///   the step budget, or ``AnkiPackageError/notACollection(_:)`` with SQLite's message.
    func forEachRow(
      _ sql: String, _ body: (_ row: OpaquePointer) throws(AnkiPackageError) -> Bool
    ) throws(AnkiPackageError) {
      var statement: OpaquePointer?
      guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK, let statement
      else { throw failure() }
      defer { sqlite3_finalize(statement) }
      while true {
        let code = sqlite3_step(statement)
        if code == SQLITE_DONE { return }
        guard code == SQLITE_ROW else { throw failure() }
        guard try body(statement) else { return }
      }
    }

    /// A column of the current row as text; empty when it is `NULL`.
    static func text(_ row: OpaquePointer, column: Int32) -> String {
      let count = Int(sqlite3_column_bytes(row, column))
      guard let text = sqlite3_column_text(row, column) else { return "" }
      return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// Closes the collection; the query must not be used afterwards.
    func close() {
      sqlite3_close_v2(database)
      remaining.deallocate()
    }

    /// The error for SQLite's last failure: too many steps, or SQLite's own message.
    private func failure() -> AnkiPackageError {
      if remaining.pointee < 0 { return .collectionTooComplex(name, steps: budget) }
      return .notACollection(
        .queryFailed(name, message: String(cString: sqlite3_errmsg(database))))
    }
  }
}
