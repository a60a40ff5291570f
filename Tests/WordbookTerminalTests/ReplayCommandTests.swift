import Foundation
import StoreCore
import Testing
import Wordbook
import WordbookTestSupport

@testable import WordbookTerminal

@MainActor
@Suite struct ReplayCommandTests {
  private let book = WordBook(id: WordBook.ID(1), title: "B", wordCount: 2)
  private let words = [
    Word(id: Word.ID(1), term: "a", meaning: "1"), Word(id: Word.ID(2), term: "b", meaning: "2"),
  ]

  private var actions: [AppAction] {
    [
      .books(.view(.loadBooks)), .books(.booksLoaded(.success([book]))),
      .books(.view(.selectBook(book.id))),
      .study(.wordsLoaded(book.id, .success(words))), .study(.view(.markSuccess(Word.ID(2)))),
      .study(.view(.shuffle)),
    ]
  }

  private func entries(checkpointAt sequence: Int, _ checkpoint: String?)
    -> [ActionLogEntry<AppAction>]
  {
    actions.enumerated().map { offset, action in
      ActionLogEntry(
        sequence: offset + 1, origin: .caller, action: action,
        checkpoint: offset + 1 == sequence ? checkpoint : nil)
    }
  }

  @Test func replayMatchesALiveStoreFromTheRecordingSeed() async throws {
    let store = Store(
      initialState: AppState(seed: ReplayCommand.recordingSeed),
      reducer: Reduce<AppState, AppAction> { state, action in
        AppReducer(service: InMemoryWordService()).apply(action, to: &state)
        return .none
      })
    for action in actions { store.send(action) }
    let summary = try ReplayCommand.replay(entries(checkpointAt: 0, nil))
    #expect(summary == store.state.checkpointSummary)
    #expect(summary.contains("tally: success 1, fail 0, not studied 1"))
  }

  @Test func aCheckpointThatDiffersStopsTheReplay() async throws {
    let good = try ReplayCommand.replay(entries(checkpointAt: 0, nil))
    #expect(try ReplayCommand.replay(entries(checkpointAt: 6, good)) == good)
    #expect(throws: CommandFailure.self) {
      try ReplayCommand.replay(entries(checkpointAt: 5, good))
    }
  }

  /// The test's entries as a JSON Lines log, as the recorder writes it.
  private func logText() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try entries(checkpointAt: 0, nil).map { entry in
      String(decoding: try encoder.encode(entry), as: UTF8.self) + "\n"
    }.joined()
  }

  @Test func aDivergenceIsPrintedAsAnEscapedDiff() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let log = process.folder.appendingPathComponent("tampered.jsonl")
    let good = try ReplayCommand.replay(entries(checkpointAt: 0, nil))
    let tampered = good.replacingOccurrences(
      of: "tally: success 1", with: "tally: success 9\u{1B}[2J")
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let text = try entries(checkpointAt: 6, tampered).map { entry in
      String(decoding: try encoder.encode(entry), as: UTF8.self) + "\n"
    }.joined()
    try Data(text.utf8).write(to: log)
    let replay = try await process.run(["replay", log.path])
    #expect(replay.status == 1)
    #expect(
      replay.error
        == "wordbook: the replay differs from the recording at action 6. "
        + "The log may come from another version of wordbook.\n")
    #expect(
      replay.output.hasPrefix(
        "Replay diverged at step 6 (sequence 6), action .study(.view(.shuffle)): "))
    #expect(replay.output.contains("- tally: success 9^[[2J, fail 0, not studied 1\n"))
    #expect(replay.output.contains("+ tally: success 1, fail 0, not studied 1\n"))
    #expect(!replay.output.contains("\u{1B}"))
  }

  @Test func theSeedInTheHeaderIsTheReplaysSeed() async throws {
    let seeded = AppState(seed: 77)
    var state = seeded
    let reducer = AppReducer(service: InMemoryWordService())
    for action in actions { reducer.apply(action, to: &state) }
    let summary = try ReplayCommand.replay(
      entries(checkpointAt: 6, state.checkpointSummary), seed: 77)
    #expect(summary == state.checkpointSummary)
    #expect(throws: CommandFailure.self) {
      try ReplayCommand.replay(entries(checkpointAt: 6, state.checkpointSummary))
    }

    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let log = process.folder.appendingPathComponent("seeded.jsonl")
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let text = try entries(checkpointAt: 6, state.checkpointSummary).map { entry in
      String(decoding: try encoder.encode(entry), as: UTF8.self) + "\n"
    }.joined()
    try Data((#"{"formatVersion":2,"seed":77}"# + "\n" + text).utf8).write(to: log)
    let replay = try await process.run(["replay", log.path])
    #expect(replay.status == 0, "\(replay.error)")
    #expect(replay.output.hasSuffix(state.checkpointSummary + "\n"))
  }

  @Test func junkAfterAValidLogIsAnErrorNamingItsFirstLine() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let log = process.folder.appendingPathComponent("junk.jsonl")
    let junk = "\u{1B}]52;c;aGVsbG8=\u{7}\u{1B}[2J not an entry\n"
    try Data((try logText() + junk + String(repeating: "junk\n", count: 200_000)).utf8)
      .write(to: log)
    let replay = try await process.run(["replay", log.path])
    #expect(replay.status == 1)
    #expect(replay.output.isEmpty)
    #expect(replay.error.hasPrefix("wordbook: \(log.path) is not a wordbook action log (line 7: "))
    #expect(replay.error.filter { $0 == "\n" }.count == 1)
    #expect(!replay.error.contains("\u{1B}") && !replay.error.contains("\u{7}"))
  }

  @Test func aLineLongerThanOneMebibyteIsAnErrorNamingIt() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let log = process.folder.appendingPathComponent("long.jsonl")
    let long = "{\"sequence\":" + String(repeating: "1", count: 1_100_000) + "}\n"
    try Data((try logText() + long + (try logText())).utf8).write(to: log)
    let replay = try await process.run(["replay", log.path])
    #expect(replay.status == 1)
    #expect(
      replay.error
        == "wordbook: \(log.path) is not a wordbook action log (line 7: the line is longer "
        + "than 1048576 bytes, so it cannot be an entry).\n")
  }

  @Test func pathsAndLogTextAreEscapedInTheSummary() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let log = process.folder.appendingPathComponent("log\u{1B}]0;owned\u{7}.jsonl")
    try Data((try logText() + "{\"cut\":").utf8).write(to: log)
    let replay = try await process.run(["replay", log.path])
    #expect(replay.status == 0, "\(replay.error)")
    let folder = process.folder.path
    #expect(
      replay.output.hasPrefix(
        "Replayed 6 actions from \(folder)/log^[]0;owned^G.jsonl "
          + "(its cut-off last line was skipped).\n"))
    #expect(replay.output.contains("tally: success 1, fail 0, not studied 1\n"))
    #expect(!replay.output.contains("\u{1B}"))

    let missing = try await process.run(["replay", folder + "/no\u{1B}[2J"])
    #expect(missing.status == 1)
    #expect(
      missing.error == "wordbook: cannot read the action log \(folder)/no^[[2J. Check the path.\n")
    let directory = try await process.run(["replay", folder])
    #expect(directory.status == 1)
    #expect(directory.error.contains("it is a folder"))
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/time")))
  func twentyMegabytesOfJunkAfterALogAreNotReadIntoMemory() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let log = process.folder.appendingPathComponent("junk.jsonl")
    try Data((try logText() + String(repeating: "junk line\n", count: 2_000_000)).utf8)
      .write(to: log)
    // GNU time prints the child's peak resident set in KiB on its own last line.
    let report = try await SpawnedCommand.run([
      "/usr/bin/time", "-f", "peak %M", WordbookProcess.executable.path, "replay", log.path,
    ]).error
    #expect(report.contains("(line 7: "))
    let peak = try #require(
      report.split(separator: "\n").last.flatMap { Int($0.dropFirst("peak ".count)) })
    // The whole file alone is 20 MB, and the old reader held it and an index of its lines
    // (72 MiB); the bound leaves room for the thread sanitizer's own memory (46 MiB under it).
    #expect(peak < 64 * 1024, "peak resident set \(peak) KiB")
  }
}
