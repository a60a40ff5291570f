import Wordbook

/// Owns a ``Connection`` and runs every piece of SQLite work isolated to itself, one at a time.
///
/// Invariant: the connection is created before the actor, handed over with `sending`, and only
/// ever touched inside ``run(_:)``; it never escapes. Callers waiting their turn suspend
/// instead of blocking a thread, so a long import does not tie up the other tasks that want
/// the database.
actor Database {
  private let connection: Connection

  init(_ connection: sending Connection) {
    self.connection = connection
  }

  /// Runs `body` with the connection.
  func run<Result: Sendable>(
    _ body: @Sendable (Connection) throws(WordServiceError) -> Result
  ) throws(WordServiceError) -> Result {
    try body(connection)
  }
}
