import StoreCore
import Wordbook

/// One caller's way to the database (a service's or the accounts'): its calls run each on a
/// connection of the process's pool for the URL (``PostgresConnectionPool``), one at a time in
/// the order they were made when the caller needs its writes kept in order.
///
/// libpq blocks on the network, so the calls run on the pool's threads rather than on the
/// cooperative pool that Swift's tasks share: a slow server holds up the callers, who suspend,
/// and nothing else. One call at a time keeps a service's writes in the order it made them, as
/// on one connection of its own; the accounts' calls are each complete in themselves and run
/// side by side, so that a server's many pages checking their sign-ins do not queue.
final class PostgresDatabase: Sendable {
  /// A caller's job: it starts its work and calls `finished` once the work is done.
  private typealias LaneJob = @Sendable (_ finished: @escaping @Sendable () -> Void) -> Void

  private struct Lane: Sendable {
    /// The jobs waiting for the one running to finish.
    var queued: [LaneJob] = []
    var isRunning = false
    var isClosed = false
  }

  private let pool: PostgresConnectionPool
  /// Whether a call waits for the caller's earlier calls.
  private let isInOrder: Bool
  private let lane = Locked(Lane())
  /// Where the database is, without its password: what errors name.
  let location: String

  /// - Parameter isInOrder: Whether each call waits for the earlier calls to finish.
  init(url: String, isInOrder: Bool = true) {
    self.isInOrder = isInOrder
    pool = PostgresConnectionPool.shared(url: url)
    location = PostgresLocation(url: url).shown
  }

  /// Runs `body` with a connection, connecting first when the pool has none free or the
  /// connection was lost.
  ///
  /// `body` is released before the caller resumes, so a caller may pass a closure that only
  /// `withoutActuallyEscaping` lets escape (an import's rows).
  ///
  /// - Throws: What `body` throws, an error saying the server cannot be reached, or one saying
  ///   the caller was closed.
  func run<Result: Sendable>(
    _ body: @escaping @Sendable (PostgresConnection) throws(WordServiceError) -> Result
  ) async throws(WordServiceError) -> Result {
    let work = QueuedWork(body)
    let outcome: Swift.Result<Result, WordServiceError> = await withCheckedContinuation {
      continuation in
      enqueue { pooled in
        let isClosed = self.lane.withLock { $0.isClosed }
        let outcome = work.run(pooled, unless: isClosed ? .closed(self.location) : nil)
        return { continuation.resume(returning: outcome) }
      }
    }
    return try outcome.get()
  }

  /// Runs work that needs no connection of the pool, such as marks for the
  /// `StudyMarkCommitter`, in the caller's order: `start` begins it once the caller's earlier
  /// calls have finished, and the caller's next call waits until it calls back.
  ///
  /// - Throws: What the work fails with, or an error saying the caller was closed.
  func runInOrder<Result: Sendable>(
    _ start:
      @escaping @Sendable (
        _ finish: @escaping @Sendable (Swift.Result<Result, WordServiceError>) -> Void
      ) -> Void
  ) async throws(WordServiceError) -> Result {
    let outcome: Swift.Result<Result, WordServiceError> = await withCheckedContinuation {
      continuation in
      let job: LaneJob = { finished in
        guard !self.lane.withLock({ $0.isClosed }) else {
          continuation.resume(returning: .failure(.closed(self.location)))
          return finished()
        }
        start { outcome in
          continuation.resume(returning: outcome)
          finished()
        }
      }
      guard isInOrder else { return job {} }
      queue(job)
    }
    return try outcome.get()
  }

  /// Whether ``close()`` has run: the calls made since fail.
  var isClosed: Bool { lane.withLock { $0.isClosed } }

  /// Makes every call that has not started fail, after the calls made before when they run in
  /// order. The pool keeps its connections for its other callers.
  func close() async {
    await withCheckedContinuation { continuation in
      enqueue { _ in
        self.lane.withLock { $0.isClosed = true }
        return { continuation.resume() }
      }
    }
  }

  /// Runs `job` on a connection of the pool once this caller's earlier jobs have run, or at
  /// once when calls need no order; the caller's next job starts once the connection is back
  /// in the pool.
  private func enqueue(_ job: @escaping PostgresConnectionPool.Job) {
    guard isInOrder else { return pool.run(job) }
    queue { finished in
      self.pool.run { pooled in
        let then = job(pooled)
        return {
          then()
          finished()
        }
      }
    }
  }

  /// Starts `job` once this caller's earlier jobs have finished.
  private func queue(_ job: @escaping LaneJob) {
    let startsNow = lane.withLock { lane in
      guard !lane.isRunning else {
        lane.queued.append(job)
        return false
      }
      lane.isRunning = true
      return true
    }
    if startsNow { start(job) }
  }

  /// Starts `job`, and this caller's next job once it has finished.
  private func start(_ job: @escaping LaneJob) {
    job {
      let next = self.lane.withLock { lane -> LaneJob? in
        guard !lane.queued.isEmpty else {
          lane.isRunning = false
          return nil
        }
        return lane.queued.removeFirst()
      }
      if let next { self.start(next) }
    }
  }
}

/// A piece of work for a connection that lets go of its closure once it has run.
///
/// Invariant (why `@unchecked Sendable` is sound): `body` is set at creation and then read and
/// cleared once, by ``run(_:)`` on a connection's thread.
private final class QueuedWork<Result: Sendable>: @unchecked Sendable {
  private var body: (@Sendable (PostgresConnection) throws(WordServiceError) -> Result)?

  init(_ body: @escaping @Sendable (PostgresConnection) throws(WordServiceError) -> Result) {
    self.body = body
  }

  /// Runs the closure with the connection, or fails with `refusal` without running it, and
  /// releases it.
  func run(_ pooled: PooledConnection, unless refusal: WordServiceError?)
    -> Swift.Result<Result, WordServiceError>
  {
    guard let body else { preconditionFailure("QueuedWork runs once") }
    self.body = nil
    if let refusal { return .failure(refusal) }
    return Swift.Result { () throws(WordServiceError) in try body(try pooled.connected()) }
  }
}
