#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A throwaway PostgreSQL cluster for the load scenario: `initdb` and `pg_ctl` from `PATH`, in a
/// scratch folder, listening on a socket in that folder only, with room for the connections of
/// two servers and their learners; stopped by ``stop()``. PostgreSQL refuses to run as root, so
/// as root the cluster runs as the `postgres` user.
///
/// Durability is PostgreSQL's default (`fsync` and `synchronous_commit` on): an acknowledged
/// mark is on the disk.
final class PostgresCluster {
  let folder: ScratchFolder
  /// The URL of its `postgres` database.
  let url: String
  private let pgCtl: String
  private let asPostgres: [String]

  /// Starts a cluster, or returns `nil` (with a note) when PostgreSQL is not installed.
  @MainActor init?(_ results: Results) throws {
    guard let initdb = ChildProcess.find("initdb"), let pgCtl = ChildProcess.find("pg_ctl"),
      ChildProcess.find("psql") != nil
    else {
      results.note(
        "PostgreSQL 15 (initdb, pg_ctl, psql) is not on PATH: the load scenario was skipped.")
      return nil
    }
    folder = try ScratchFolder()
    self.pgCtl = pgCtl
    asPostgres =
      getuid() == 0
      ? [ChildProcess.find("runuser") ?? "/usr/sbin/runuser", "-u", "postgres", "--"] : []
    if getuid() == 0 {
      _ = try ChildProcess.run("/bin/chown", ["postgres", folder.path])
    }
    try Self.run(
      initdb, as: asPostgres,
      [
        "-D", folder.file("data"), "-E", "UTF8", "--locale=C.UTF-8", "-A", "trust", "-U",
        "postgres",
      ])
    try Self.run(
      pgCtl, as: asPostgres,
      [
        "-D", folder.file("data"), "-w", "-l", folder.file("log"), "-o",
        "-k \(folder.path) -c listen_addresses= -c max_connections=1000 "
          + "-c shared_buffers=256MB",
        "start",
      ])
    url = "postgresql://postgres@/postgres?host=\(folder.path)"
  }

  /// Runs `sql` with `psql` and returns what it printed (unaligned, tuples only).
  @discardableResult
  func sql(_ sql: String) throws -> String {
    let script = folder.file("script-\(UInt32.random(in: 0...UInt32.max)).sql")
    try writeTextFile(script, sql)
    defer { unlink(script) }
    return try ChildProcess.run(
      ChildProcess.find("psql") ?? "psql",
      ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", url, "-f", script])
  }

  /// Stops the cluster at once and removes its folder.
  /// The postmaster's process ID, from its lock file.
  var postmaster: pid_t? {
    readTextFile(folder.file("data") + "/postmaster.pid")
      .flatMap { $0.split(separator: "\n").first }.flatMap { pid_t($0) }
  }

  func stop() {
    try? Self.run(
      pgCtl, as: asPostgres, ["-D", folder.file("data"), "-m", "immediate", "stop"])
    folder.remove()
  }

  /// Runs `program`, as the cluster's owner when `asPostgres` says how.
  private static func run(_ program: String, as asPostgres: [String], _ arguments: [String])
    throws
  {
    if asPostgres.isEmpty {
      _ = try ChildProcess.run(program, arguments, discardsOutput: true)
    } else {
      _ = try ChildProcess.run(
        asPostgres[0], Array(asPostgres.dropFirst()) + [program] + arguments,
        discardsOutput: true)
    }
  }
}
