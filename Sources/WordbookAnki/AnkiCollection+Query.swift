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
      var statement: OpaquePointer?
      guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK, let statement
      else { throw failure() }
      defer { sqlite3_finalize(statement) }
      var rows: [String] = []
      while true {
        let code = sqlite3_step(statement)
        if code == SQLITE_DONE { return rows }
        guard code == SQLITE_ROW else { throw failure() }
        let count = Int(sqlite3_column_bytes(statement, 0))
        if let text = sqlite3_column_text(statement, 0) {
          rows.append(
            String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        } else {
          rows.append("")
        }
      }
    }

    /// The error for SQLite's last failure: too many steps, or SQLite's own message.
    private func failure() -> AnkiPackageError {
      if remaining.pointee < 0 { return .collectionTooComplex(name, steps: budget) }
      return .notACollection("\(name): \(String(cString: sqlite3_errmsg(database)))")
    }
  }
}
