import Foundation

/// The `sqlite3` shell holding a database's write lock, as another process would, so that
/// every save waits (the service's busy timeout is five seconds) until ``release()``.
public final class DatabaseLock {
  private let shell: SpawnedProcess

  /// Whether the shell is installed (`.ci/run` installs it).
  public static let isAvailable = FileManager.default.isExecutableFile(
    atPath: "/usr/bin/sqlite3")

  /// Starts the shell on the database at `path` and returns once it holds the lock.
  ///
  /// The shell waits up to ten seconds for a writer that holds the lock now (such as an app
  /// saving as it starts) and stops at its first error, so it never answers without the lock.
  ///
  /// - Throws: ``LockFailure`` when the shell ends without taking the lock.
  public init(path: String) throws {
    shell = try SpawnedProcess(
      ["/usr/bin/sqlite3", "-bail", path], input: .pipe, output: .pipe, errors: .sameAsOutput)
    // The answer is built by SQLite, so no error message can contain it.
    try shell.input.write(
      contentsOf: Data(".timeout 10000\nBEGIN IMMEDIATE;\nSELECT 'lock' || '-held';\n".utf8))
    // The shell answers or exits, and its output ends when it exits, so the reads are bounded
    // by the shell's life.
    var answer = ""
    while !answer.contains("lock-held") {
      let data = shell.output.availableData
      if data.isEmpty {
        throw LockFailure(message: "sqlite3 ended without taking the lock: \(answer)")
      }
      answer += String(decoding: data, as: UTF8.self)
    }
  }

  deinit {
    shell.send(SIGTERM)
  }

  /// Ends the empty transaction, which lets writers in, and waits up to 20 seconds for the
  /// shell to exit, suspended rather than holding a thread.
  ///
  /// - Throws: ``LockFailure`` when the shell is still running after that.
  public func release() async throws {
    try shell.input.write(contentsOf: Data("COMMIT;\n.quit\n".utf8))
    guard await shell.exit(within: .seconds(20)) else {
      throw LockFailure(message: "sqlite3 did not exit")
    }
  }

  /// The shell did not take or give back the lock.
  public struct LockFailure: Error, CustomStringConvertible {
    /// What happened, with what the shell printed.
    public var message: String
    /// The message.
    public var description: String { message }
  }
}
