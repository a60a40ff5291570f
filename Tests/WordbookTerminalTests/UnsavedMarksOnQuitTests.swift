import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Quitting while the database refuses the marks: another connection holds its write lock, so
/// every save fails after the busy timeout. No mark may be lost without the learner knowing.
@Suite(
  .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3"), "needs sqlite3"))
struct UnsavedMarksOnQuitTests {
  @Test func quittingWaitsThenRetriesOnceTheLockIsGone() throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let session = try PseudoTerminalSession(
      arguments: ["--db", process.databasePath], environment: process.environment)
    try session.waitForFrame("the screen") { $0.contains("Card 1/12") }
    let lock = try DatabaseLock(path: process.databasePath)
    try session.press("llh")
    try session.press("q")
    try session.waitForFrame("the marks being saved") { $0.contains("Saving") }
    try session.waitForFrame(timeout: 90, "the marks not saved") {
      $0.contains("3 marks are not saved")
    }
    try lock.release()
    try session.press("r")
    #expect(try session.waitForExit(timeout: 40) == 0)
    let stats = try process.run(["--db", process.databasePath, "stats"])
    #expect(stats.output == "1\tKorean basics\ttotal 12\tsuccess 2\tfail 1\tnot studied 9\n")
  }

  @Test func quittingAnywaySaysHowManyMarksAreLost() throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let session = try PseudoTerminalSession(
      arguments: ["--db", process.databasePath], environment: process.environment)
    try session.waitForFrame("the screen") { $0.contains("Card 1/12") }
    let lock = try DatabaseLock(path: process.databasePath)
    try session.press("lh")
    try session.press("q")
    try session.waitForFrame(timeout: 90, "the marks not saved") {
      $0.contains("2 marks are not saved")
    }
    try session.press("q")
    #expect(try session.waitForExit(timeout: 40) == 1)
    #expect(session.text.contains("wordbook: 2 marks were not saved"))
    try lock.release()
    let stats = try process.run(["--db", process.databasePath, "stats"])
    #expect(stats.output == "1\tKorean basics\ttotal 12\tsuccess 0\tfail 0\tnot studied 12\n")
  }

  @Test func sigtermTriesOnceMoreThenCountsTheLostMarks() throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let session = try PseudoTerminalSession(
      arguments: ["--db", process.databasePath], environment: process.environment)
    try session.waitForFrame("the screen") { $0.contains("Card 1/12") }
    let lock = try DatabaseLock(path: process.databasePath)
    try session.press("ll")
    try session.waitForFrame("two marks") { $0.contains("Success 2") }
    session.signal(SIGTERM)
    #expect(try session.waitForExit(timeout: 40) == 128 + SIGTERM)
    #expect(session.text.contains("wordbook: 2 marks were not saved"))
    #expect(session.text.contains("\u{1B}[?25h\u{1B}[?1049l"))
    try lock.release()
  }

  @Test func sighupSavesWhatTheDatabaseAccepts() throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let session = try PseudoTerminalSession(
      arguments: ["--db", process.databasePath], environment: process.environment)
    try session.waitForFrame("the screen") { $0.contains("Card 1/12") }
    try session.press("lh")
    try session.waitForFrame("two marks") { $0.contains("Success 1") && $0.contains("Fail 1") }
    session.signal(SIGHUP)
    #expect(try session.waitForExit() == 128 + SIGHUP)
    #expect(!session.text.contains("not saved"))
    let stats = try process.run(["--db", process.databasePath, "stats"])
    #expect(stats.output == "1\tKorean basics\ttotal 12\tsuccess 1\tfail 1\tnot studied 10\n")
  }
}

/// Another connection, the `sqlite3` shell, holding the database's write lock until released.
private final class DatabaseLock {
  private let shell = Process()
  private let input = Pipe()
  private let output = Pipe()

  /// Starts the shell and waits until it holds the lock.
  init(path: String) throws {
    shell.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    shell.arguments = [path]
    shell.standardInput = input
    shell.standardOutput = output
    shell.standardError = output
    try shell.run()
    try send("BEGIN IMMEDIATE;\nSELECT 'locked';\n")
    var seen = Data()
    let deadline = Date().addingTimeInterval(20)
    while !String(decoding: seen, as: UTF8.self).contains("locked") {
      guard Date() < deadline else { throw LockFailure(output: seen) }
      seen.append(output.fileHandleForReading.availableData)
    }
  }

  deinit {
    if shell.isRunning { shell.terminate() }
  }

  /// Commits the empty transaction, which lets writers in, and ends the shell.
  func release() throws {
    try send("COMMIT;\n.quit\n")
    let deadline = Date().addingTimeInterval(20)
    while shell.isRunning, Date() < deadline { usleep(2_000) }
  }

  private func send(_ text: String) throws {
    try input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
  }

  struct LockFailure: Error, CustomStringConvertible {
    var output: Data
    var description: String {
      "sqlite3 did not take the lock: \(String(decoding: output, as: UTF8.self))"
    }
  }
}
