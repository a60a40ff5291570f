import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Job control and SIGQUIT on a real pseudo-terminal: the terminal is the user's again
/// whenever the study screen is not running.
@Suite struct TerminalSignalTests {
  private static let leaveScreen = "\u{1B}[?25h\u{1B}[?1049l"
  private static let enterScreen = "\u{1B}[?1049h"

  @Test(arguments: ["\u{1A}", "SIGTSTP"])
  func suspendRestoresTheTerminalAndContinuingTakesItBack(_ how: String) async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let session = try await PseudoTerminalSession(
      arguments: ["--db", process.databasePath], environment: process.environment)
    try await session.waitForFrame("the screen") { $0.contains("Card 1/12") }
    #expect(try !session.isInLineMode())
    if how == "SIGTSTP" {
      // The dispatch source is armed asynchronously after the first frame: under load a
      // signal sent at once can arrive before it, so the test repeats it, boundedly.
      var attempts = 0
      while true {
        session.signal(SIGTSTP)
        attempts += 1
        do {
          try await session.waitUntilStopped(timeout: 2)
          break
        } catch  where attempts < 10 {}
      }
    } else {
      try session.press(how)
      try await session.waitUntilStopped()
    }
    try await session.waitForOutput(containing: Self.leaveScreen)
    #expect(try session.isInLineMode())

    let before = session.text.count
    session.signal(SIGCONT)
    try await session.waitForFrame("the screen drawn again") {
      $0.contains("Card 1/12") && session.text.count > before
    }
    #expect(session.text.dropFirst(before).contains(Self.enterScreen))
    #expect(try !session.isInLineMode())
    try session.press("l")
    try await session.waitForFrame("a mark after coming back") { $0.contains("Known 1") }
    try session.press("q")
    #expect(try await session.waitForExit() == 0)
    #expect(try session.isInLineMode())
  }

  @Test func sigquitRestoresTheTerminalBeforeTheProcessEnds() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let session = try await PseudoTerminalSession(
      arguments: ["--db", process.databasePath], environment: process.environment)
    try await session.waitForFrame("the screen") { $0.contains("Card 1/12") }
    session.signal(SIGQUIT)
    #expect(try await session.waitForExit() == 128 + SIGQUIT)
    #expect(session.text.contains(Self.leaveScreen))
    #expect(try session.isInLineMode())
    #expect(!session.text.contains("Backtrace") && !session.text.contains("Crash"))
  }
}
