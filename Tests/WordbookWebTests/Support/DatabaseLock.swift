import Foundation
import Testing

/// The `sqlite3` shell holding a database's write lock, as another process would, so that a
/// save waits (the service's busy timeout is five seconds) until ``release()``.
final class DatabaseLock {
  private let shell = Process()
  private let input = Pipe()
  private let output = Pipe()

  /// Whether the shell is installed (`.ci/run` installs it).
  static let isAvailable = FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")

  /// Starts the shell on the database at `path` and returns once it holds the lock.
  init(path: String) throws {
    shell.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    shell.arguments = [path]
    shell.standardInput = input
    shell.standardOutput = output
    shell.standardError = output
    try shell.run()
    try input.fileHandleForWriting.write(
      contentsOf: Data("BEGIN IMMEDIATE;\nSELECT 'held';\n".utf8))
    // The shell answers at once or fails at once, and its output ends when it exits, so the
    // reads are bounded by the shell's life.
    var answer = ""
    while !answer.contains("held") {
      let data = output.fileHandleForReading.availableData
      if data.isEmpty {
        throw LockFailure(message: "sqlite3 ended without taking the lock: \(answer)")
      }
      answer += String(decoding: data, as: UTF8.self)
    }
  }

  deinit {
    if shell.isRunning { shell.terminate() }
  }

  /// Ends the empty transaction, which lets writers in, and waits for the shell to exit.
  func release() async throws {
    try input.fileHandleForWriting.write(contentsOf: Data("COMMIT;\n.quit\n".utf8))
    let shell = shell
    #expect(try await WebTestEnvironment.waitUntil { !shell.isRunning })
  }

  struct LockFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }
}
