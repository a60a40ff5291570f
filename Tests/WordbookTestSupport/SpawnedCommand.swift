import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a command to its end and returns what it printed: a tool a test needs, or a command
/// that may leave a server running behind it (`pg_ctl start`, a script that calls it).
///
/// A ``SpawnedProcess`` with its output in files: a server inheriting a pipe would hold it open
/// for as long as it runs.
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
  ) throws(SpawnedProcess.SpawnFailure) -> Outcome {
    let base = FileManager.default.temporaryDirectory
      .appendingPathComponent("wordbook-spawned-\(UUID().uuidString)").path
    let (outputPath, errorPath) = (base + ".out", base + ".err")
    defer {
      unlink(outputPath)
      unlink(errorPath)
    }
    let command = try SpawnedProcess(
      arguments, output: .file(outputPath), errors: .file(errorPath))
    command.exitBlocking(within: timeout)
    return Outcome(
      status: command.exitStatus,
      output: (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "",
      error: (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")
  }

  /// Runs `arguments` as ``runBlocking(_:timeout:)`` does, on a thread of its own, so that no
  /// thread of the cooperative pool waits for it.
  public static func run(
    _ arguments: [String], timeout: Duration = .seconds(120)
  ) async throws(SpawnedProcess.SpawnFailure) -> Outcome {
    let outcome: Result<Outcome, SpawnedProcess.SpawnFailure> = await withCheckedContinuation {
      continuation in
      Thread.detachNewThread {
        continuation.resume(
          returning: Result { () throws(SpawnedProcess.SpawnFailure) in
            try runBlocking(arguments, timeout: timeout)
          })
      }
    }
    return try outcome.get()
  }
}
