import Foundation
import Testing
import WordbookTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// `Scripts/local-postgres`, as a learner runs it: as root (the cluster then runs as the
/// `postgres` user) and as an ordinary user, each time giving a URL on which `wordbook --user`
/// works, then stopping the cluster.
///
/// Each test keeps its clusters in a folder of its own, so they run in parallel. Runs as root
/// need root: outside CI, a run as another user cancels them with the reason (`.ci/run` runs as
/// root) and runs the ordinary user's test as itself.
@Suite struct LocalPostgresScriptTests {
  static let script = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Scripts/local-postgres").path

  static let isRoot = getuid() == 0

  /// Cancels the test unless this process is root, or fails it on CI.
  static func requireRoot() throws {
    guard !isRoot else { return }
    if PostgresTestServer.isRequired {
      Issue.record("these tests act as root, so CI runs them as root")
    }
    try Test.cancel("acting as root needs root; .ci/run runs as root")
  }

  /// A new folder under `/tmp`, of `mode` and owned by `owner` (when this is root), removed
  /// after `body` (which gets its path).
  static func withFolder(
    mode: mode_t = 0o755, owner: String? = nil, _ body: (String) async throws -> Void
  ) async throws {
    // Short: the cluster's socket path must fit in 100 bytes.
    let folder = "/tmp/wordbook-lpg-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    chmod(folder, mode)
    if let owner, let entry = getpwnam(owner) {
      chown(folder, entry.pointee.pw_uid, entry.pointee.pw_gid)
    }
    try await body(folder)
  }

  /// Runs `body`, then the script's `stop` with `command` (the script and what precedes it),
  /// even when `body` throws, so no cluster outlives its test.
  static func stoppingAfterwards(
    _ command: [String], dir: [String] = [], _ body: () async throws -> Void
  ) async throws {
    do {
      try await body()
    } catch {
      _ = try? await SpawnedCommand.run(command + ["stop"] + dir)
      throw error
    }
    _ = try await SpawnedCommand.run(command + ["stop"] + dir)
  }

  /// The owner's name of the file at `path`.
  static func owner(of path: String) throws -> String? {
    try FileManager.default.attributesOfItem(atPath: path)[.ownerAccountName] as? String
  }

  /// Runs `wordbook --db URL --user mina` with `arguments` and returns its output.
  static func wordbook(_ url: String, _ arguments: [String]) async throws -> String {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let outcome = try await process.run(["--db", url, "--user", "mina"] + arguments)
    #expect(outcome.status == 0, "\(outcome.error)")
    return outcome.output
  }

  @Test func asRootTheClusterRunsAsThePostgresUserInAFolderItOwns() async throws {
    try Self.requireRoot()
    try await Self.withFolder { folder in
      let dir = folder + "/cluster"
      let url = "postgresql://wordbook@/wordbook?host=\(dir)"
      try await Self.stoppingAfterwards([Self.script], dir: ["--dir", dir]) {
        let started = try await SpawnedCommand.run([Self.script, "start", "--dir", dir])
        #expect(started.status == 0, "\(started.error)")
        #expect(started.output == url + "\n")
        #expect(try Self.owner(of: dir + "/data") == "postgres")
        #expect(try await Self.wordbook(url, ["books"]) == "1\tKorean basics\t12\n")
        // A socket in the folder, no TCP port.
        #expect(try await PostgresTestServer.execute("SHOW listen_addresses", in: url) == "")
        _ = try await Self.wordbook(url, ["new-book", "Verbs"])

        let stopped = try await SpawnedCommand.run([Self.script, "stop", "--dir", dir])
        #expect(stopped.status == 0, "\(stopped.error)")
        let gone = try await SpawnedCommand.run([Self.script, "url", "--dir", dir])
        #expect(gone.status == 1)
        #expect(gone.error.contains("no cluster runs in \(dir)"))

        // Started again, the cluster keeps what it had.
        let again = try await SpawnedCommand.run([Self.script, "start", "--dir", dir])
        #expect(again.output == url + "\n", "\(again.error)")
        #expect(try await Self.wordbook(url, ["books"]) == "1\tKorean basics\t12\n2\tVerbs\t0\n")
      }
    }
  }

  @Test func asAnOrdinaryUserTheClusterIsInTheUsersDataFolder() async throws {
    // As root, the ordinary user is `nobody`; otherwise it is this process's own user.
    try await Self.withFolder(owner: Self.isRoot ? "nobody" : nil) { home in
      // The user's own copy of the script, as in a clone of theirs.
      let script = home + "/local-postgres"
      try FileManager.default.copyItem(atPath: Self.script, toPath: script)
      let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
      let asUser =
        (Self.isRoot ? ["runuser", "-u", "nobody", "--"] : [])
        + ["env", "-i", "HOME=\(home)", "PATH=\(path)", script]
      try await Self.stoppingAfterwards(asUser) {
        let started = try await SpawnedCommand.run(asUser + ["start"])
        #expect(started.status == 0, "\(started.error)")
        let dir = home + "/.local/share/wordbook/postgres"
        let url = "postgresql://wordbook@/wordbook?host=\(dir)"
        #expect(started.output == url + "\n")
        #expect(try Self.owner(of: dir + "/data") == Self.owner(of: home))
        #expect(try await Self.wordbook(url, ["books"]) == "1\tKorean basics\t12\n")
        #expect(try await PostgresTestServer.execute("SHOW listen_addresses", in: url) == "")
        let printed = try await SpawnedCommand.run(asUser + ["url"])
        #expect(printed.output == url + "\n")
        let stopped = try await SpawnedCommand.run(asUser + ["stop"])
        #expect(stopped.status == 0, "\(stopped.error)")
        let status = try await SpawnedCommand.run(asUser + ["status"])
        #expect(status.status == 3)
      }
    }
  }

  @Test func aFolderThePostgresUserCannotEnterIsRefusedWithTheReason() async throws {
    try Self.requireRoot()
    // As /root is: a folder only root may enter.
    try await Self.withFolder(mode: 0o700) { folder in
      let dir = folder + "/new/cluster"
      let refused = try await SpawnedCommand.run([Self.script, "start", "--dir", dir])
      #expect(refused.status == 1)
      #expect(refused.output == "")
      #expect(refused.error.contains("the user postgres cannot write \(dir)"))
      #expect(!FileManager.default.fileExists(atPath: folder + "/new"))
      #expect(FileManager.default.fileExists(atPath: folder))
    }
  }

  @Test func aFolderThatHoldsFilesIsLeftAsItIs() async throws {
    try await Self.withFolder { folder in
      try Data("mine".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
      let owner = try Self.owner(of: folder)
      let refused = try await SpawnedCommand.run([Self.script, "start", "--dir", folder])
      #expect(refused.status == 1)
      #expect(refused.error.contains("\(folder) is not an empty folder and holds no cluster"))
      #expect(try Self.owner(of: folder) == owner)
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["notes.txt"])
    }
  }

  @Test func aFolderWhoseNameCannotBeAURLIsRefused() async throws {
    let refused = try await SpawnedCommand.run([Self.script, "start", "--dir", "/tmp/a b"])
    #expect(refused.status == 1)
    #expect(refused.error.contains("choose another folder with --dir"))
    let usage = try await SpawnedCommand.run([Self.script, "restart"])
    #expect(usage.status == 2)
  }
}
