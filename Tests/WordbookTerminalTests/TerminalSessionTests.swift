import Foundation
import Testing

/// The event loop of the built binary on a pseudo-terminal: one frame per turn, however many
/// times a key changes the state.
@Suite struct TerminalSessionTests {
  private static let cursorHome = Array("\u{1B}[H".utf8)

  /// How many frames `bytes` holds: each starts with cursor-home.
  private static func frames(in bytes: ArraySlice<UInt8>) -> Int {
    guard bytes.count >= cursorHome.count else { return 0 }
    var count = 0
    var index = bytes.startIndex
    while index <= bytes.endIndex - cursorHome.count {
      if bytes[index..<(index + cursorHome.count)].elementsEqual(cursorHome) {
        count += 1
        index += cursorHome.count
      } else {
        index += 1
      }
    }
    return count
  }

  @Test func aKeyThatChangesTheStateSeveralTimesDrawsOneFrame() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let session = try await PseudoTerminalSession(
      arguments: ["--db", process.databasePath], environment: process.environment)
    try await session.waitForFrame("the sample wordbook") { $0.contains("Card 1/12") }
    let start = session.output.count

    // A shuffle changes the words' order, the cards' faces and the cursor, in several actions'
    // worth of parts: one frame.
    try session.press("s")
    try await session.waitForFrame("the shuffled words") { _ in
      Self.frames(in: session.output[start...]) >= 1
    }
    // The help screen draws after every frame the shuffle asked for, so counting up to it
    // counts them all.
    try session.press("?")
    try await session.waitForFrame("the help screen") { $0.contains("Keys") }
    #expect(Self.frames(in: session.output[start...]) == 2)

    try session.press("q")
    #expect(try await session.waitForExit() == 0)
  }
}
