import StoreCore
import Wordbook

/// A few connections to one database, shared by every service and account store of the
/// process that opened it at the same URL.
///
/// A `serve` process holds a service per signed-in page. With a connection each, two servers
/// with 200 pages kept 400 server processes and 400 client threads busy switching between each
/// other on a small machine; the same work on a few connections leaves the cores to the queries.
/// Each connection runs its calls one at a time on a thread of its own (``ConnectionThread``),
/// opened when the calls waiting outnumber the idle connections and kept until the last service
/// of the URL is released. Calls wait their turn in the order they were made.
///
/// A call that waits on the server (a lock held by another process, up to the connections'
/// lock timeout) holds its connection meanwhile: with every connection held, the process's
/// other calls wait too.
///
/// Invariant (why `@unchecked Sendable` is sound): `state` is behind its lock; a
/// ``PooledConnection`` is only used by the jobs its own thread runs.
final class PostgresConnectionPool: @unchecked Sendable {
  /// The most connections one pool opens.
  static let connectionLimit = 8

  /// The pools in use, by URL; a pool leaves when its last user releases it.
  private static let pools = Locked<[String: WeakPool]>([:])

  /// A job for a connection: it gets the connection (opened or reopened only if it asks) and
  /// returns what to do once the connection is back in the pool, such as resuming its caller:
  /// a caller resumed earlier could make its next call before the connection is free, and
  /// open another.
  typealias Job = @Sendable (PooledConnection) -> @Sendable () -> Void

  private struct State: Sendable {
    /// The connections waiting for work.
    var idle: [PooledConnection] = []
    /// How many connections the pool has opened threads for.
    var opened = 0
    /// The jobs waiting for a connection, first come first served.
    var waiting: [Job] = []
  }

  private let url: String
  private let state = Locked(State())

  private init(url: String) {
    self.url = url
  }

  deinit {
    // Every connection is idle: a running job holds the pool.
    for connection in state.withLock({ $0.idle }) { connection.finish() }
  }

  /// The process's pool for `url`, shared with every other caller holding it.
  static func shared(url: String) -> PostgresConnectionPool {
    pools.withLock { pools in
      if let pool = pools[url]?.pool { return pool }
      pools = pools.filter { $0.value.pool != nil }
      let pool = PostgresConnectionPool(url: url)
      pools[url] = WeakPool(pool: pool)
      return pool
    }
  }

  /// Runs `job` on the first connection free, after the jobs given before it.
  func run(_ job: @escaping Job) {
    enum Next {
      case run(PooledConnection)
      case open
      case wait
    }
    let next = state.withLock { state -> Next in
      if let connection = state.idle.popLast() { return .run(connection) }
      guard state.opened < Self.connectionLimit else {
        state.waiting.append(job)
        return .wait
      }
      state.opened += 1
      return .open
    }
    switch next {
    case .run(let connection): start(job, on: connection)
    case .open:
      guard let connection = PooledConnection(url: url) else {
        // The system refused a thread: the job learns it from a connection that cannot open.
        state.withLock { $0.opened -= 1 }
        job(PooledConnection(refusedFor: url))()
        return
      }
      start(job, on: connection)
    case .wait: break
    }
  }

  /// Runs `job` on `connection`'s thread, then the next job waiting, or leaves it idle; what
  /// the job returns runs once the connection is given on.
  private func start(_ job: @escaping Job, on connection: PooledConnection) {
    connection.thread?.async {
      let then = job(connection)
      let next = self.state.withLock { state -> Job? in
        guard !state.waiting.isEmpty else {
          state.idle.append(connection)
          return nil
        }
        return state.waiting.removeFirst()
      }
      then()
      if let next { self.start(next, on: connection) }
    }
  }

  /// The pool of a URL, not kept alive by the table of pools.
  private struct WeakPool: @unchecked Sendable {
    weak var pool: PostgresConnectionPool?
  }
}

/// One connection of a pool: its thread, and the libpq connection the thread's jobs use, opened
/// by the first job that asks for it.
///
/// Invariant (why `@unchecked Sendable` is sound): `connection` is only read or written by jobs
/// run on `thread`, one at a time.
final class PooledConnection: @unchecked Sendable {
  /// The thread; `nil` when the system refused one, and every job's ``connected()`` fails.
  fileprivate let thread: ConnectionThread?
  private let url: String
  private var connection: PostgresConnection?
  /// Where the database is, without its password: what errors name.
  let location: String

  fileprivate init?(url: String) {
    guard let thread = ConnectionThread() else { return nil }
    self.thread = thread
    self.url = url
    location = PostgresLocation(url: url).shown
  }

  fileprivate init(refusedFor url: String) {
    thread = nil
    self.url = url
    location = PostgresLocation(url: url).shown
  }

  /// Lets the thread end, which releases the connection and ends its session on the server.
  fileprivate func finish() {
    thread?.finish()
  }

  /// The connection, ready for a new transaction: opened when it is not yet, opened again when
  /// it was lost.
  ///
  /// - Throws: An error saying the server cannot be reached, or that the system refused a
  ///   thread.
  func connected() throws(WordServiceError) -> PostgresConnection {
    guard thread != nil else {
      throw .storage(
        .unavailable, .system(detail: "the system refused a thread for the connection"),
        during: .openDatabase, path: location)
    }
    guard let connection else {
      let opened = try PostgresConnection(url: url)
      connection = opened
      return opened
    }
    guard connection.readyForWork() else {
      throw .postgresUnreachable(
        detail: "the connection was lost", during: .openDatabase, path: location)
    }
    return connection
  }
}
