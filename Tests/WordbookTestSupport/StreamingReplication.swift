import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A PostgreSQL primary and a hot standby of it kept by streaming replication, each a cluster
/// of its own in one temporary folder, listening only on a socket in a folder of its own (no
/// port to collide with): what a school runs with `serve --replica`.
///
/// The standby is made with `pg_basebackup -R` from the running primary. PostgreSQL refuses to
/// run as root, so as root the clusters run as the `postgres` user.
@MainActor
public struct StreamingReplication {
  /// The primary's URL.
  public let primary: String
  /// The standby's URL.
  public let standby: String
  private let folder: String
  private let tools: String
  private let asRoot: Bool

  /// Starts a primary (`wal_level=replica`, replication allowed over its socket) and a standby
  /// made from it, or, when PostgreSQL's programs are not installed and the tests need not run
  /// against PostgreSQL, cancels the current test with the reason.
  public static func startForTest() async throws -> StreamingReplication {
    guard let tools = Self.tools() else {
      if PostgresTestServer.isRequired {
        throw Failure("initdb and pg_basebackup are not installed, and CI needs them")
      }
      try Test.cancel("PostgreSQL's initdb and pg_basebackup are not installed")
    }
    return try await StreamingReplication(tools: tools)
  }

  private init(tools: String) async throws {
    self.tools = tools
    asRoot = getuid() == 0
    folder = try Self.makeFolder(asRoot: asRoot)
    primary = "postgresql://postgres@/postgres?host=\(folder)/p"
    standby = "postgresql://postgres@/postgres?host=\(folder)/s"
    for socket in ["p", "s"] { try makeOwnedFolder(folder + "/" + socket) }
    do {
      try await run(
        "initdb", "-D", folder + "/primary", "-E", "UTF8", "--locale=C.UTF-8", "-A", "trust",
        "-U", "postgres", "-N")
      let rules = "local replication postgres trust\n"
      let hba = folder + "/primary/pg_hba.conf"
      let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: hba))
      try handle.seekToEnd()
      try handle.write(contentsOf: Data(rules.utf8))
      try handle.close()
      try await start("primary", socket: "p", "-c wal_level=replica -c max_wal_senders=4")
      try await run(
        "pg_basebackup", "-D", folder + "/standby", "-R", "-X", "stream", "-c", "fast", "-d",
        "host=\(folder)/p user=postgres")
      try await start("standby", socket: "s", "-c hot_standby=on")
    } catch {
      await stop()
      throw error
    }
  }

  /// Waits until the standby has replayed everything the primary has written so far (its
  /// `pg_last_wal_replay_lsn()` reaches the primary's `pg_current_wal_lsn()`), for at most a
  /// minute.
  ///
  /// - Returns: Whether it caught up in time.
  public func waitUntilStandbyCaughtUp() async throws -> Bool {
    let written = try #require(
      try await PostgresTestServer.execute("SELECT pg_current_wal_lsn()::text", in: primary))
    let deadline = ContinuousClock.now + .seconds(60)
    while true {
      let replayed = try await PostgresTestServer.execute(
        "SELECT pg_last_wal_replay_lsn() >= '\(written)'::pg_lsn", in: standby)
      if replayed == "t" { return true }
      guard ContinuousClock.now < deadline else { return false }
      try await Task.sleep(for: .milliseconds(50))
    }
  }

  /// How many scans the standby has made of the tables of books and words: they grow only
  /// when the standby answers a read of them.
  public func standbyScans() async throws -> Int {
    let scans = try await PostgresTestServer.execute(
      """
      SELECT coalesce(sum(seq_scan + coalesce(idx_scan, 0)), 0) FROM pg_stat_user_tables
      WHERE relname IN ('books', 'words')
      """, in: standby)
    return try #require(Int(scans ?? ""))
  }

  /// Stops the standby at once, as a crash or a pulled cable would.
  public func stopStandby() async throws {
    try await run("pg_ctl", "-D", folder + "/standby", "-m", "immediate", "stop")
  }

  /// Stops both clusters and deletes their folder.
  public func stop() async {
    for data in ["standby", "primary"] {
      try? await run("pg_ctl", "-D", folder + "/" + data, "-m", "immediate", "stop")
    }
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// Starts the cluster in `data`, listening on a socket in `socket` only, and waits until it
  /// takes connections (a standby: read-only ones).
  private func start(_ data: String, socket: String, _ options: String) async throws {
    try await run(
      "pg_ctl", "-D", folder + "/" + data, "-w", "-t", "120", "-l", folder + "/\(data).log",
      "-o", "-k \(folder)/\(socket) -c listen_addresses= -c fsync=off \(options)", "start")
  }

  /// Runs one of PostgreSQL's programs, as the `postgres` user when this process is root.
  private func run(_ program: String, _ arguments: String...) async throws {
    let command = [tools + "/" + program] + arguments
    let outcome = try await SpawnedCommand.run(
      asRoot ? ["runuser", "-u", "postgres", "--"] + command : command)
    guard outcome.status == 0 else {
      let log = (try? String(contentsOfFile: folder + "/standby.log", encoding: .utf8)) ?? ""
      throw Failure(
        "\(program) failed (status \(outcome.status)): \(outcome.output)\(outcome.error)\(log)")
    }
  }

  /// Creates `path`, owned by the `postgres` user when this process is root.
  private func makeOwnedFolder(_ path: String) throws {
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    if asRoot { try Self.giveToPostgres(path) }
  }

  /// A new temporary folder, short enough for the sockets' paths, the `postgres` user's when
  /// this process is root.
  private static func makeFolder(asRoot: Bool) throws -> String {
    let path = "/tmp/wordbook-replica-" + UUID().uuidString.prefix(8).lowercased()
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    if asRoot { try giveToPostgres(path) }
    return path
  }

  private static func giveToPostgres(_ path: String) throws {
    guard let user = getpwnam("postgres"),
      chown(path, user.pointee.pw_uid, user.pointee.pw_gid) == 0
    else { throw Failure("cannot give \(path) to the postgres user") }
  }

  /// The folder of `initdb` on `PATH` (a link followed to the real one), when it also holds
  /// `pg_basebackup`.
  private static func tools() -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
      let initdb = URL(fileURLWithPath: String(folder)).appendingPathComponent("initdb")
      guard FileManager.default.isExecutableFile(atPath: initdb.path) else { continue }
      let tools = initdb.resolvingSymlinksInPath().deletingLastPathComponent().path
      if FileManager.default.isExecutableFile(atPath: tools + "/pg_basebackup") { return tools }
    }
    return nil
  }

  /// Why the clusters could not be started.
  struct Failure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
      self.description = "streaming replication: " + description
    }
  }
}
