import CLibPQ
import Foundation
import StoreCore
import Testing

/// The PostgreSQL server the tests use: the one at `$WORDBOOK_TEST_POSTGRES_URL` when set
/// (`.ci/run` starts one), else a throwaway PostgreSQL cluster started once per test process
/// with `initdb` and `pg_ctl` from `PATH` and stopped when the process exits.
///
/// Each test gets a database of its own: ``freshDatabaseURL()`` creates an empty schema and
/// returns a URL whose connections use it, so tests running in parallel never see each other's
/// rows. `initdb` refuses to run as root, so as root the cluster runs as the `postgres` user.
public enum PostgresTestServer {
  /// Whether the tests must run against PostgreSQL (`CI=true`, or a server given in
  /// `$WORDBOOK_TEST_POSTGRES_URL`): then a server that cannot be started or reached fails them
  /// instead of skipping them.
  public static let isRequired: Bool = {
    let environment = ProcessInfo.processInfo.environment
    return environment["CI"] == "true" || environment["WORDBOOK_TEST_POSTGRES_URL"] != nil
  }()

  /// The server's base URL, once started; the first call starts it.
  private static let server = Task { try await startOrFind() }

  /// A URL of a new, empty schema on the server.
  ///
  /// - Throws: ``StartFailure`` when no server could be started or reached.
  public static func freshDatabaseURL() async throws -> String {
    let base = try await server.value
    let schema = "test_" + UUID().uuidString.lowercased().replacing("-", with: "")
    try await onThread { () throws(StartFailure) in
      if let reason = wordbook_pq_unavailable() { throw StartFailure(String(cString: reason)) }
      let connection = try connect(base)
      defer { PQfinish(connection) }
      // The name is made here from a UUID, never from test input.
      let result = PQexec(connection, "CREATE SCHEMA \(schema)")
      defer { PQclear(result) }
      guard PQresultStatus(result) == PGRES_COMMAND_OK else {
        throw StartFailure(String(cString: PQerrorMessage(connection)))
      }
    }
    let separator = base.contains("?") ? "&" : "?"
    return base + separator + "options=-csearch_path%3D" + schema
  }

  /// Runs `sql` on the database at `url` over a connection of its own, as another program
  /// would: a test's way to look at or damage what the service stored.
  ///
  /// - Returns: The first column of the first row, if any.
  @discardableResult
  public static func execute(_ sql: String, in url: String) async throws -> String? {
    try await onThread { () throws(StartFailure) in
      let connection = try connect(url)
      defer { PQfinish(connection) }
      let result = PQexec(connection, sql)
      defer { PQclear(result) }
      let status = PQresultStatus(result)
      guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
        throw StartFailure(String(cString: PQerrorMessage(connection)))
      }
      guard PQntuples(result) > 0 else { return nil }
      return String(cString: PQgetvalue(result, 0, 0))
    }
  }

  /// Ends the server's sessions whose application name is `name`, as a restart or an
  /// administrator would, and returns once they are gone (waiting at most a minute).
  public static func endSessions(named name: String, in url: String) async throws {
    let sessions = "FROM pg_stat_activity WHERE application_name = '\(name)'"
    try await execute("SELECT pg_terminate_backend(pid) \(sessions)", in: url)
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(60)
    while try await execute("SELECT count(*) \(sessions)", in: url) != "0" {
      guard clock.now < deadline else { throw StartFailure("the sessions of \(name) live on") }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  /// ``freshDatabaseURL()``, or, when there is no server and ``isRequired`` is false, the
  /// current test case is cancelled with the reason.
  public static func freshDatabaseURLForTest() async throws -> String {
    do {
      return try await freshDatabaseURL()
    } catch  where !isRequired {
      try Test.cancel("PostgreSQL is not available: \(error)")
    }
  }

  /// The URL from the environment, or a new cluster's.
  private static func startOrFind() async throws(StartFailure) -> String {
    let environment = ProcessInfo.processInfo.environment
    if let url = environment["WORDBOOK_TEST_POSTGRES_URL"], !url.isEmpty { return url }
    return try await onThread { () throws(StartFailure) in try startCluster() }
  }

  /// Creates a cluster in a new temporary folder, starts it on a socket in that folder (no
  /// port to collide with), and arranges for it to stop when the process exits.
  private static func startCluster() throws(StartFailure) -> String {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("wordbook-postgres-\(UUID().uuidString)").path
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw StartFailure("cannot create \(folder): \(error)")
    }
    let asRoot = getuid() == 0
    if asRoot {
      guard chown(folder, postgresUser.uid, postgresUser.gid) == 0 else {
        throw StartFailure("cannot give \(folder) to the postgres user")
      }
    }
    let data = folder + "/data"
    try run(
      [
        "initdb", "-D", data, "-E", "UTF8", "--locale=C.UTF-8", "-A", "trust", "-U", "postgres",
        "-N",
      ], asPostgres: asRoot)
    // No fsync: the cluster is thrown away, and durability is SQLite's crash tests' business.
    try run(
      [
        "pg_ctl", "-D", data, "-w", "-l", folder + "/log", "-o",
        "-k \(folder) -c listen_addresses= -c fsync=off -c max_connections=200", "start",
      ],
      asPostgres: asRoot)
    stopCommand.withLock { $0 = (data, folder, asRoot) }
    atexit {
      guard let (data, folder, asRoot) = PostgresTestServer.stopCommand.withLock({ $0 }) else {
        return
      }
      try? PostgresTestServer.run(
        ["pg_ctl", "-D", data, "-m", "immediate", "stop"], asPostgres: asRoot)
      try? FileManager.default.removeItem(atPath: folder)
    }
    return "postgresql://postgres@/postgres?host=\(folder)"
  }

  /// What stops the cluster at exit: its data folder, its temporary folder, whether it runs as
  /// the `postgres` user.
  private static let stopCommand = Locked<(String, String, Bool)?>(nil)

  /// The `postgres` user's IDs, or (0, 0) when there is none.
  private static var postgresUser: (uid: uid_t, gid: gid_t) {
    guard let entry = getpwnam("postgres") else { return (0, 0) }
    return (entry.pointee.pw_uid, entry.pointee.pw_gid)
  }

  /// Runs a PostgreSQL tool found on `PATH`, as the `postgres` user when asked, and waits
  /// (``SpawnedCommand``: the server that `pg_ctl start` leaves running would hold a pipe open
  /// forever).
  private static func run(_ arguments: [String], asPostgres: Bool) throws(StartFailure) {
    let command = asPostgres ? ["runuser", "-u", "postgres", "--"] + arguments : arguments
    let outcome: SpawnedCommand.Outcome
    do {
      outcome = try SpawnedCommand.runBlocking(command)
    } catch {
      throw StartFailure(error.description)
    }
    guard outcome.status == 0 else {
      throw StartFailure(
        "\(arguments[0]) failed (status \(outcome.status)): \(outcome.output)\(outcome.error)")
    }
  }

  /// Connects to `url`, trying again for up to 30 seconds while the connection fails: under
  /// the thread sanitizer, with the whole suite connecting at once, one was seen to fail (and
  /// the query sent on it then said only "no connection to the server"). Call it on a thread
  /// of its own, as ``onThread(_:)`` gives.
  private static func connect(_ url: String) throws(StartFailure) -> OpaquePointer {
    let deadline = ContinuousClock.now + .seconds(30)
    while true {
      guard let connection = PQconnectdb(url) else { throw StartFailure("out of memory") }
      if PQstatus(connection) == CONNECTION_OK { return connection }
      let message = String(cString: PQerrorMessage(connection))
      PQfinish(connection)
      guard ContinuousClock.now < deadline else { throw StartFailure(message) }
      usleep(20_000)
    }
  }

  /// Runs blocking work on a thread of its own, so no thread of the cooperative pool waits.
  private static func onThread<Result: Sendable>(
    _ body: @escaping @Sendable () throws(StartFailure) -> Result
  ) async throws(StartFailure) -> Result {
    let outcome: Swift.Result<Result, StartFailure> = await withCheckedContinuation {
      continuation in
      Thread.detachNewThread { continuation.resume(returning: Swift.Result(catching: body)) }
    }
    return try outcome.get()
  }

  /// Why the test server could not be started or reached.
  public struct StartFailure: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String

    init(_ description: String) {
      self.description = "PostgreSQL test server: " + description
    }
  }
}
