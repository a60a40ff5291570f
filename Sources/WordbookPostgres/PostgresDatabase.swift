import Wordbook

/// Owns a ``PostgresConnection`` and runs every piece of libpq work on a thread of its own
/// (``ConnectionThread``), one at a time.
///
/// libpq blocks on the network, so its calls run on that thread rather than on the
/// cooperative pool that Swift's tasks share: a slow server holds up this service's callers,
/// who suspend, and nothing else.
///
/// Invariant (why `@unchecked Sendable` is sound): `connection` is only read or written inside
/// blocks run on `thread`, which runs one at a time, so libpq never sees two threads on the
/// connection.
final class PostgresDatabase: @unchecked Sendable {
  /// The connection's thread; `nil` when the system refused one, and every call fails.
  private let thread = ConnectionThread()
  /// The connection, from ``open(url:)`` until ``close()`` drops it, which ends the session
  /// with the server.
  private var connection: PostgresConnection?
  /// Where the database is, without its password: what errors name.
  let location: String

  init(url: String) {
    location = PostgresConnection.location(of: url)
  }

  deinit {
    thread?.finish()
  }

  /// Connects to `url` on the thread, then runs `body` with the new connection.
  func open<Result: Sendable>(
    url: String,
    _ body: @escaping @Sendable (PostgresConnection) throws(WordServiceError) -> Result
  ) async throws(WordServiceError) -> Result {
    try await onThread { () throws(WordServiceError) in
      let connection = try PostgresConnection(url: url)
      self.connection = connection
      return try body(connection)
    }
  }

  /// Runs `body` with the connection on the thread, connecting again first when the connection
  /// was lost.
  ///
  /// - Throws: What `body` throws, an error saying the server cannot be reached, or one saying
  ///   the service was closed.
  func run<Result: Sendable>(
    _ body: @escaping @Sendable (PostgresConnection) throws(WordServiceError) -> Result
  ) async throws(WordServiceError) -> Result {
    try await onThread { () throws(WordServiceError) in
      guard let connection = self.connection else { throw .closed(self.location) }
      guard connection.reconnectIfLost() else {
        throw .postgresUnreachable(
          detail: "the connection was lost", during: .openDatabase, path: self.location)
      }
      return try body(connection)
    }
  }

  /// Closes the connection once the work already queued has finished; later work fails.
  func close() async {
    _ = try? await onThread { () throws(WordServiceError) in self.connection = nil }
  }

  /// Runs `body` on the thread while the calling task suspends.
  ///
  /// `body` is released on the thread before the caller resumes, so a caller may pass a closure
  /// that only `withoutActuallyEscaping` lets escape (an import's rows).
  private func onThread<Result: Sendable>(
    _ body: @escaping @Sendable () throws(WordServiceError) -> Result
  ) async throws(WordServiceError) -> Result {
    guard let thread else {
      throw .storage(
        .unavailable, .system(detail: "the system refused a thread for the connection"),
        during: .openDatabase, path: location)
    }
    let work = QueuedWork(body)
    let outcome: Swift.Result<Result, WordServiceError> = await withCheckedContinuation {
      continuation in
      thread.async { continuation.resume(returning: work.run()) }
    }
    return try outcome.get()
  }
}

/// A piece of work for the thread that lets go of its closure once it has run.
///
/// Invariant (why `@unchecked Sendable` is sound): `body` is set at creation and then read and
/// cleared once, by ``run()`` on the database's thread.
private final class QueuedWork<Result: Sendable>: @unchecked Sendable {
  private var body: (@Sendable () throws(WordServiceError) -> Result)?

  init(_ body: @escaping @Sendable () throws(WordServiceError) -> Result) {
    self.body = body
  }

  /// Runs the closure and releases it.
  func run() -> Swift.Result<Result, WordServiceError> {
    guard let body else { preconditionFailure("QueuedWork runs once") }
    self.body = nil
    return Swift.Result(catching: body)
  }
}
