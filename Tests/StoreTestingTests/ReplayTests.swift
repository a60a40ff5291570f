import Foundation
import StoreCore
import StoreTesting
import Testing

@MainActor
@Suite struct ReplayTests {
  /// Records a session of the todo list with a live store, as an app would.
  func recordSession(checkpointInterval: Int = 1) async -> [ActionLogEntry<TodoAction>] {
    let log = ActionLog<TodoAction>(checkpointInterval: checkpointInterval)
    let store = Store(
      initialState: TodoState(), reducer: Todos(), recorder: log, checkpoint: { textDump(of: $0) })
    store.send(.add("Tea"))
    await store.send(.load).finish()
    store.send(.remove(0))
    store.send(.add("Jam"))
    return log.entries
  }

  @Test func aRecordedSessionReplaysWithoutItsEffects() async {
    let log = await recordSession()
    #expect(log.map(\.origin) == [.caller, .caller, .effect, .caller, .caller])
    assertReplay(log, from: TodoState(), reducer: Todos(), checkpoint: { textDump(of: $0) })
  }

  @Test func theFirstDivergenceIsReportedWithStepActionAndDiff() async throws {
    let log = await recordSession()
    let changed = Reduce<TodoState, TodoAction> { state, action in
      if case .remove = action { return .none }
      return Todos().reduce(into: &state, action: action)
    }
    let result = replay(log, from: TodoState(), reducer: changed, checkpoint: { textDump(of: $0) })
    let divergence = try #require(result.divergence)
    #expect(divergence.step == 4)
    #expect(divergence.action == "remove(0)")
    #expect(result.state.items == ["Milk", "Eggs", "Jam"])
    #expect(
      divergence.description == """
        Replay diverged at step 4 (sequence 4), action remove(0): the checkpoint differs \
        (- recorded, + replayed)
        - TodoState(errorMessage: nil, isLoading: false, items: ["Eggs"], ticks: 0)
        + TodoState(errorMessage: nil, isLoading: false, items: ["Milk", "Eggs"], ticks: 0)
        """)
    let issues = await recordedIssues {
      assertReplay(log, from: TodoState(), reducer: changed, checkpoint: { textDump(of: $0) })
    }
    #expect(issues.map(\.message) == [divergence.description])
  }

  @Test func aGapInTheLogIsADivergence() async throws {
    var log = await recordSession()
    log.remove(at: 2)
    let divergence = try #require(
      replay(log, from: TodoState(), reducer: Todos(), checkpoint: { textDump(of: $0) }).divergence)
    #expect(divergence.step == 3)
    #expect(divergence.reason.contains("expected sequence 3"))
  }

  @Test func aJSONLinesLogFileBecomesARegressionTest() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("ReplayTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("session.jsonl")
    let recorder = try JSONLinesActionRecorder<TodoAction>(path: file.path, checkpointInterval: 2)
    let store = Store(
      initialState: TodoState(), reducer: Todos(), recorder: recorder,
      checkpoint: { textDump(of: $0) })
    store.send(.add("Tea"))
    await store.send(.load).finish()
    store.send(.add("Jam"))
    store.finishRecording()

    let replayed = assertReplay(
      logAt: file, from: TodoState(), reducer: Todos(), checkpoint: { textDump(of: $0) })
    #expect(replayed == store.state)
  }

  /// Records seven actions to a file with the default checkpoint interval, as an app does.
  func recordSevenActions(to file: URL) async throws -> TodoState {
    let recorder = try JSONLinesActionRecorder<TodoAction>(path: file.path, seed: 99)
    let store = Store(
      initialState: TodoState(), reducer: Todos(), recorder: recorder,
      checkpoint: { textDump(of: $0) })
    for item in ["Tea", "Jam", "Oats", "Rice", "Salt", "Figs"] { store.send(.add(item)) }
    store.send(.remove(0))
    store.finishRecording()
    store.finishRecording()
    return store.state
  }

  @Test func aShortLogIsCheckedAfterItsFirstAndLastActions() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("ReplayTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("seven.jsonl")
    let final = try await recordSevenActions(to: file)
    let data = try Data(contentsOf: file)
    let log = try ActionLogDecoder.decodeLog(TodoAction.self, from: data)
    #expect(log.header == ActionLogHeader(seed: 99, formatVersion: 3))
    #expect(log.entries.count == 7)
    #expect(
      log.entries.map { $0.checkpoint != nil } == [true] + Array(repeating: false, count: 5) + [
        true
      ])
    #expect(log.entries.last?.checkpoint == textDump(of: final))

    // Tampering with an action in the middle, which no periodic checkpoint covers, is caught
    // by the last checkpoint.
    let tampered = String(decoding: data, as: UTF8.self).replacingOccurrences(
      of: #""_0":"Rice""#, with: #""_0":"Rye""#)
    #expect(tampered != String(decoding: data, as: UTF8.self))
    let entries = try ActionLogDecoder.decode(TodoAction.self, from: Data(tampered.utf8))
    let result = replay(
      entries, from: TodoState(), reducer: Todos(), checkpoint: { textDump(of: $0) })
    let divergence = try #require(result.divergence)
    #expect(divergence.step == 7)
    #expect(result.state.items.contains("Rye"))
  }

  @Test func anUnreadableLogFails() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("ReplayTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("broken.jsonl")
    try Data("{not json}\n".utf8).write(to: file)
    let issues = await recordedIssues {
      assertReplay(
        logAt: file, from: TodoState(), reducer: Todos(), checkpoint: { textDump(of: $0) })
    }
    #expect(issues.first?.message.hasPrefix("Could not read the action log at ") == true)
    let missing = folder.appendingPathComponent("missing.jsonl")
    let missingIssues = await recordedIssues {
      assertReplay(
        logAt: missing, from: TodoState(), reducer: Todos(), checkpoint: { textDump(of: $0) })
    }
    #expect(missingIssues.count == 1)
    let empty = folder.appendingPathComponent("empty.jsonl")
    try Data("\n".utf8).write(to: empty)
    let emptyIssues = await recordedIssues {
      assertReplay(
        logAt: empty, from: TodoState(), reducer: Todos(), checkpoint: { textDump(of: $0) })
    }
    #expect(emptyIssues.map(\.message) == ["The action log at \(empty.path) is empty."])
  }
}
