import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a command that may leave a server running behind it (`pg_ctl start`, a script that
/// calls it), and waits for the command itself.
///
/// Spawned with `posix_spawnp` and reaped with `waitpid`, with every descriptor above standard
/// error closed in the child and its output in files: a server inheriting a pipe, or the
/// socket Foundation's `Process` watches, would hold it open for as long as it runs.
public enum SpawnedCommand {
  /// How the command ended and what it printed.
  public struct Outcome: Sendable {
    /// The exit status, or 128 + the signal that ended it.
    public var status: Int32
    /// What it wrote to standard output.
    public var output: String
    /// What it wrote to standard error.
    public var error: String
  }

  /// Runs `arguments` (the first found on `PATH`) with this process's environment and waits
  /// for it to exit, blocking the calling thread; after `timeout` it is sent SIGKILL.
  ///
  /// - Throws: A description of why it could not be started.
  public static func runBlocking(
    _ arguments: [String], timeout: Duration = .seconds(120)
  ) throws(SpawnFailure) -> Outcome {
    let base = FileManager.default.temporaryDirectory
      .appendingPathComponent("wordbook-spawned-\(UUID().uuidString)").path
    let (outputPath, errorPath) = (base + ".out", base + ".err")
    defer {
      unlink(outputPath)
      unlink(errorPath)
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    SpawnedDescriptors.closeInherited(in: &actions)
    var argv = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, &argv, environ)
    guard spawned == 0 else {
      throw SpawnFailure(
        description: "cannot run \(arguments[0]): \(String(cString: strerror(spawned)))")
    }
    let status = waitForExit(of: pid, within: timeout)
    let signal = status & 0x7f
    return Outcome(
      status: signal == 0 ? (status >> 8) & 0xff : 128 + signal,
      output: (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "",
      error: (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")
  }

  /// Runs `arguments` as ``runBlocking(_:timeout:)`` does, on a thread of its own, so that no
  /// thread of the cooperative pool waits for it.
  public static func run(
    _ arguments: [String], timeout: Duration = .seconds(120)
  ) async throws(SpawnFailure) -> Outcome {
    let outcome: Result<Outcome, SpawnFailure> = await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        continuation.resume(
          returning: Result { () throws(SpawnFailure) in
            try runBlocking(arguments, timeout: timeout)
          })
      }
    }
    return try outcome.get()
  }

  /// Reaps `pid` and returns its wait status, killing it first if it outlives `timeout`.
  private static func waitForExit(of pid: pid_t, within timeout: Duration) -> Int32 {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    var status: Int32 = 0
    while true {
      let reaped = waitpid(pid, &status, WNOHANG)
      if reaped == pid || (reaped == -1 && errno != EINTR) { return status }
      if clock.now >= deadline {
        kill(pid, SIGKILL)
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return status
      }
      usleep(10_000)
    }
  }

  /// Why a command could not be started.
  public struct SpawnFailure: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String
  }
}
