import CSQLite

/// A plain SQLite connection for tests: to prepare files the service must refuse, to hold a
/// lock as a second program would, and to run `PRAGMA integrity_check`.
final class RawDatabase {
  private let handle: OpaquePointer

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  init(path: String) throws {
    var handle: OpaquePointer?
    let code = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil)
    guard code == SQLITE_OK, let handle else {
      sqlite3_close_v2(handle)
      throw Failure(description: "open \(path): \(code)")
    }
    self.handle = handle
  }

  deinit {
    sqlite3_close_v2(handle)
  }

  /// Runs statements that return no values of interest.
  func execute(_ sql: String) throws {
    let code = sqlite3_exec(handle, sql, nil, nil, nil)
    guard code == SQLITE_OK else {
      throw Failure(description: "\(sql): \(String(cString: sqlite3_errmsg(handle)))")
    }
  }

  /// The first column of the first row of a query, as text.
  func text(_ sql: String) throws -> String {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
      throw Failure(description: "\(sql): \(String(cString: sqlite3_errmsg(handle)))")
    }
    defer { sqlite3_finalize(statement) }
    guard sqlite3_step(statement) == SQLITE_ROW, let text = sqlite3_column_text(statement, 0)
    else { return "" }
    return String(cString: text)
  }
}
