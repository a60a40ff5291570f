import Foundation
import Testing
import WordbookTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Quitting while the database refuses the marks: another connection holds its write lock, so
/// every save fails after the busy timeout. No mark may be lost without the learner knowing.
@Suite(.enabled(if: DatabaseLock.isAvailable, "needs sqlite3"))
struct UnsavedMarksOnQuitTests {
  @Test func quittingWaitsThenRetriesOnceTheLockIsGone() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let session = try await PseudoTerminalSession(
      arguments: ["--db", process.databasePath], environment: process.environment)
    try await session.waitForFrame("the screen") { $0.contains("Card 1/12") }
    let lock = try DatabaseLock(path: process.databasePath)
    try session.press("llh")
    try session.press("q")
    try await session.waitForFrame("the marks being saved") { $0.contains("Saving") }
    try await session.waitForFrame(timeout: 90, "the marks not saved") {
      $0.contains("3 marks are not saved")
    }
    try await lock.release()
    try session.press("r")
    #expect(try await session.waitForExit(timeout: 40) == 0)
    let stats = try await process.run(["--db", process.databasePath, "stats"])
    #expect(stats.output == "1\tKorean basics\ttotal 12\tknown 2\tnot-known 1\tnot-studied 9\n")
  }

  @Test func quittingAnywaySaysHowManyMarksAreLost() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let session = try await PseudoTerminalSession(
      arguments: ["--db", process.databasePath], environment: process.environment)
    try await session.waitForFrame("the screen") { $0.contains("Card 1/12") }
    let lock = try DatabaseLock(path: process.databasePath)
    try session.press("lh")
    try session.press("q")
    try await session.waitForFrame(timeout: 90, "the marks not saved") {
      $0.contains("2 marks are not saved")
    }
    try session.press("q")
    #expect(try await session.waitForExit(timeout: 40) == 1)
    #expect(session.text.contains("wordbook: 2 marks were not saved"))
    try await lock.release()
    let stats = try await process.run(["--db", process.databasePath, "stats"])
    #expect(stats.output == "1\tKorean basics\ttotal 12\tknown 0\tnot-known 0\tnot-studied 12\n")
  }

  @Test func sigtermTriesOnceMoreThenCountsTheLostMarks() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let session = try await PseudoTerminalSession(
      arguments: ["--db", process.databasePath], environment: process.environment)
    try await session.waitForFrame("the screen") { $0.contains("Card 1/12") }
    let lock = try DatabaseLock(path: process.databasePath)
    try session.press("ll")
    try await session.waitForFrame("two marks") { $0.contains("Known 2") }
    session.signal(SIGTERM)
    #expect(try await session.waitForExit(timeout: 40) == 128 + SIGTERM)
    #expect(session.text.contains("wordbook: 2 marks were not saved"))
    #expect(session.text.contains("\u{1B}[?25h\u{1B}[?1049l"))
    try await lock.release()
  }

  @Test func sighupSavesWhatTheDatabaseAccepts() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let session = try await PseudoTerminalSession(
      arguments: ["--db", process.databasePath], environment: process.environment)
    try await session.waitForFrame("the screen") { $0.contains("Card 1/12") }
    try session.press("lh")
    try await session.waitForFrame("two marks") {
      $0.contains("Known 1") && $0.contains("Not known 1")
    }
    session.signal(SIGHUP)
    #expect(try await session.waitForExit() == 128 + SIGHUP)
    #expect(!session.text.contains("not saved"))
    let stats = try await process.run(["--db", process.databasePath, "stats"])
    #expect(stats.output == "1\tKorean basics\ttotal 12\tknown 1\tnot-known 1\tnot-studied 10\n")
  }
}
