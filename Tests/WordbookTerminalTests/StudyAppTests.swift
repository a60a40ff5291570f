import Foundation
import Testing

/// Drives the study screen of the built binary through a pseudo-terminal.
@Suite struct StudyAppTests {
  private static let green = "\u{1B}[32m"
  private static let yellow = "\u{1B}[33m"

  /// `study --mode due` opens straight in Due mode, whose allowance of new words counts the
  /// ones begun today by any session (here, two `review` commands).
  @Test func studyOpensInTheModeAskedWithTheDaysNewWordsOfEverySession() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    #expect(try await process.runOnDatabase(["review", "1", "1", "good"]).status == 0)
    #expect(try await process.runOnDatabase(["review", "1", "2", "again"]).status == 0)
    let environment = process.environment.merging(["TERM": "xterm-256color"]) { $1 }
    let session = try await PseudoTerminalSession(
      arguments: ["--db", process.databasePath, "study", "1", "--mode", "due"],
      environment: environment)
    // The two words reviewed are learning, their steps due within the learn-ahead limit: the
    // round shows them when their step is due, after the ten words never reviewed (the day's
    // allowance, 20 less the two begun, holds them all).
    try await session.waitForFrame("Due mode at once") {
      $0.contains("Mode: Due for review · New 10 · Learning 2 · Due 0") && $0.contains("Card 1/12")
    }
    try session.press("q")
    #expect(try await session.waitForExit() == 0)
    try await process.runOnDatabase(["study", "--mode", "soon"]).expectFailure(
      2, "--mode must be one of all, not-known, failed, due")
  }

  @Test func studyKeysFlipRateShuffleSwitchModeAndQuit() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let environment = process.environment.merging(["TERM": "xterm-256color"]) { $1 }
    let session = try await PseudoTerminalSession(
      arguments: ["--db", process.databasePath], environment: environment)

    try await session.waitForFrame("the sample wordbook") { $0.contains("안녕하세요") }
    #expect(session.text.contains("\u{1B}[?1049h"))
    #expect(session.lastFrame.contains("Card 1/12"))

    try session.press(" ")
    try await session.waitForFrame("the first card flipped") { $0.contains("hello") }
    #expect(!session.lastFrame.contains("안녕하세요"))

    try session.press("\u{1B}[C")
    try await session.waitForFrame("a success mark") { $0.contains("Known 1") }
    #expect(session.lastFrame.contains(Self.green + "back: hello"))
    #expect(session.lastFrame.contains("Card 2/12"))

    try session.press("h")
    try await session.waitForFrame("a fail mark") { $0.contains("Not known 1") }
    #expect(session.lastFrame.contains(Self.yellow + "감사합니다"))
    #expect(session.lastFrame.contains("Not studied 10"))

    try session.press("m")
    try await session.waitForFrame("the next study mode") { $0.contains("Mode: Not yet known") }
    #expect(session.lastFrame.contains("Card 1/11"))
    try session.press("m")
    try await session.waitForFrame("failed-only mode") { $0.contains("Mode: Failed only") }
    #expect(session.lastFrame.contains("Card 1/1"))
    #expect(session.lastFrame.contains("감사합니다"))
    // Both ratings were of new words, learning, due again in minutes: Due mode shows the ten
    // words never reviewed, under the day's allowance of twenty less those two, then the two
    // learning words, which the round shows when their steps are due.
    try session.press("m")
    try await session.waitForFrame("due mode with its schedule read") {
      $0.contains("Mode: Due for review · New 10 · Learning 2 · Due 0") && $0.contains("Card 1/12")
    }
    try session.press("m")
    try await session.waitForFrame("all words again") { $0.contains("Mode: All words") }

    try session.press("s")
    try await session.waitForFrame("a shuffle that keeps the marks") {
      $0.contains("Card 1/12") && $0.contains("Known 1") && $0.contains("Not known 1")
    }
    #expect(!session.lastFrame.contains("hello"))

    try session.press("q")
    #expect(try await session.waitForExit() == 0)
    #expect(session.text.hasSuffix("\u{1B}[?1049l"))
  }

  @Test func pickingAnotherWordbookAndUndoingAMark() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let db = ["--db", process.databasePath]
    #expect(try await process.run(db + ["new-book", "Verbs"]).status == 0)
    #expect(try await process.run(db + ["add", "Verbs", "가다", "to go"]).status == 0)
    let session = try await PseudoTerminalSession(arguments: db, environment: process.environment)
    try await session.waitForFrame("the first wordbook") { $0.contains("Korean basics") }

    try session.press("b")
    try await session.waitForFrame("the picker") { $0.contains("#2") && $0.contains("Verbs") }
    try session.press("\u{1B}[B\r")
    try await session.waitForFrame("the second wordbook") {
      $0.contains("Wordbook · Verbs") && $0.contains("Card 1/1")
    }
    try session.press("l")
    try await session.waitForFrame("a success mark") { $0.contains("Known 1") }
    try session.press("u")
    try await session.waitForFrame("the mark undone, and said") {
      $0.contains("Known 0") && $0.contains("Undone: “가다” is not studied again.")
    }
    try session.press("u")
    try await session.waitForFrame("a notice in the status line") {
      $0.contains("There is nothing to undo.")
    }
    #expect(!session.lastFrame.contains("Error:"))
    try session.press("j")
    try await session.waitForFrame("the notice gone with the next key") { $0.contains("? help") }
    try session.press("q")
    #expect(try await session.waitForExit() == 0)
  }

  @Test func searchingReversingPagingAndDeletingACardFromTheKeys() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let db = ["--db", process.databasePath]
    let session = try await PseudoTerminalSession(arguments: db, environment: process.environment)
    try await session.waitForFrame("the sample wordbook") { $0.contains("Card 1/12") }

    try session.press("/감사\r")
    try await session.waitForFrame("one match") {
      $0.contains("Card 1/1 ") && $0.contains("Search: 감사")
    }
    try session.press("\u{1B}")
    try await session.waitForFrame("the search cleared") { $0.contains("Card 1/12") }

    try session.press("v")
    try await session.waitForFrame("the meaning first") {
      $0.contains("Meaning first") && $0.contains("hello") && !$0.contains("안녕하세요")
    }
    try session.press("v G")
    try await session.waitForFrame("the last card") { $0.contains("Card 12/12") }
    try session.press("\u{1B}[H")
    try await session.waitForFrame("the first card, flipped") {
      $0.contains("Card 1/12") && $0.contains("back: hello")
    }

    try session.press("d")
    try await session.waitForFrame("the question") {
      $0.contains("Delete “안녕하세요” from the wordbook?")
    }
    try session.press("y")
    try await session.waitForFrame("the card deleted") { $0.contains("Card 1/11") }
    try session.press("q")
    #expect(try await session.waitForExit() == 0)
    let words = try await process.run(db + ["words", "Korean basics"])
    #expect(words.status == 0)
    #expect(!words.output.contains("안녕하세요"))
  }

  @Test func resizingRedrawsAtTheNewWidth() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let session = try await PseudoTerminalSession(
      arguments: ["--db", process.databasePath], environment: process.environment)
    try await session.waitForFrame("the screen") {
      $0.contains("Card 1/12") && $0.contains(String(repeating: "─", count: 80))
    }
    try session.resize(columns: 100, rows: 30)
    try await session.waitForFrame("a redraw at 100 columns") {
      $0.contains(String(repeating: "─", count: 100))
    }
    try session.press("q")
    #expect(try await session.waitForExit() == 0)
  }

  @Test func recordedStudySessionReplaysToTheSameMarks() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let log = process.folder.appendingPathComponent("study.jsonl").path
    let session = try await PseudoTerminalSession(
      arguments: ["--db", process.databasePath, "--record", log],
      environment: process.environment)
    try await session.waitForFrame("the screen") { $0.contains("Card 1/12") }
    try session.press("lhs")
    try await session.waitForFrame("a shuffle after two marks") {
      $0.contains("Known 1") && $0.contains("Not known 1") && $0.contains("Card 1/12")
    }
    try session.press("q")
    #expect(try await session.waitForExit() == 0)

    let replay = try await process.run(["replay", log])
    #expect(replay.status == 0)
    #expect(replay.output.contains("tally: success 1, fail 1, not studied 10"))
  }

  @Test func marksAreKeptAfterQuittingAndStartingAgain() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let first = try await PseudoTerminalSession(
      arguments: ["--db", process.databasePath], environment: process.environment)
    try await first.waitForFrame("the sample wordbook") { $0.contains("Card 1/12") }
    try first.press("lh")
    try await first.waitForFrame("two marks") {
      $0.contains("Known 1") && $0.contains("Not known 1")
    }
    try first.press("q")
    #expect(try await first.waitForExit() == 0)

    let stats = try await process.run(["--db", process.databasePath, "stats"])
    #expect(stats.output == "1\tKorean basics\ttotal 12\tknown 1\tnot-known 1\tnot-studied 10\n")
  }

  @Test func ctrlCAndSigtermRestoreTheTerminal() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let interrupted = try await PseudoTerminalSession(
      arguments: ["--db", process.databasePath], environment: process.environment)
    try await interrupted.waitForFrame("the screen") { $0.contains("Card 1/12") }
    try interrupted.press("\u{3}")
    #expect(try await interrupted.waitForExit() == 0)
    #expect(interrupted.text.contains("\u{1B}[?25h\u{1B}[?1049l"))

    let terminated = try await PseudoTerminalSession(
      arguments: ["--db", process.databasePath], environment: process.environment)
    try await terminated.waitForFrame("the screen") { $0.contains("Card 1/12") }
    terminated.signal(SIGTERM)
    #expect(try await terminated.waitForExit() == 128 + SIGTERM)
    #expect(terminated.text.contains("\u{1B}[?25h\u{1B}[?1049l"))
  }

  @Test func noColorTurnsColoursOffAndKoreanFollowsLang() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let environment = process.environment.merging(["NO_COLOR": "1", "LANG": "ko_KR.UTF-8"]) {
      $1
    }
    let session = try await PseudoTerminalSession(
      arguments: ["--db", process.databasePath], environment: environment)
    try await session.waitForFrame("the Korean screen") { $0.contains("카드 1/12") }
    try session.press("l")
    try await session.waitForFrame("a success mark") { $0.contains("외움 1") }
    #expect(!session.text.contains(Self.green))
    #expect(!session.text.contains(Self.yellow))
    try session.press("q")
    #expect(try await session.waitForExit() == 0)
  }

  @Test func addsAWordThroughThePrompts() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let session = try await PseudoTerminalSession(
      arguments: ["--db", process.databasePath], environment: process.environment)
    try await session.waitForFrame("the screen") { $0.contains("Card 1/12") }
    try session.press("a")
    try await session.waitForFrame("the term prompt") { $0.contains("New word, term: ") }
    try session.press("zz\u{1B}")
    try await session.waitForFrame("the prompt cancelled by Escape") { $0.contains("? help") }
    // A blank term is refused at once, above the prompt that keeps what was typed.
    try session.press("a \r")
    try await session.waitForFrame("the refusal at once") {
      $0.contains("Error: A word needs a term.") && $0.contains("New word, term: ")
    }
    // Backspace, ← twice and Ctrl-U edit the field; Enter goes on and dismisses the refusal.
    try session.press("\u{7F}가닥\u{1B}[D\u{1B}[D\u{15}가다\r")
    try await session.waitForFrame("the meaning prompt") {
      $0.contains("가다 · New word, meaning: ") && !$0.contains("Error:")
    }
    try session.press("to go\r")
    try await session.waitForFrame("the new word") { $0.contains("Card 1/13") }
    try session.press("q")
    #expect(try await session.waitForExit() == 0)
    let words = try await process.run(["--db", process.databasePath, "words", "Korean basics"])
    #expect(words.output.hasSuffix("\tnot-studied\t가다\tto go\n"))
  }
}
