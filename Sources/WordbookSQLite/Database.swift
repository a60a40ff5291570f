import Wordbook

/// Owns a ``Connection`` and runs every piece of SQLite work isolated to itself, one at a time.
///
/// Invariant: the connection is created before the actor, handed over with `sending`, and only
/// ever touched inside ``run(_:)``; it never escapes. Callers waiting their turn suspend
/// instead of blocking a thread, so a long import does not tie up the other tasks that want
/// the database.
actor Database {
  /// The connection, until ``close()`` drops it, which closes the file.
  private var connection: Connection?
  private let path: String

  init(_ connection: sending Connection, path: String) {
    self.connection = connection
    self.path = path
  }

  /// Runs `body` with the connection.
  ///
  /// - Throws: What `body` throws, or an error saying the database is closed.
  func run<Result: Sendable>(
    _ body: @Sendable (Connection) throws(WordServiceError) -> Result
  ) throws(WordServiceError) -> Result {
    guard let connection else {
      throw .storage(.other, .closed, during: .openDatabase, path: path, isRetryable: false)
    }
    return try body(connection)
  }

  /// Closes the connection once the work already running has finished; later work fails.
  func close() {
    connection = nil
  }
}
