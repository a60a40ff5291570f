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
    let divergence = try #require(
      replay(log, from: TodoState(), reducer: changed, checkpoint: { textDump(of: $0) }))
    #expect(divergence.step == 4)
    #expect(divergence.action == ".remove(0)")
    #expect(
      divergence.description == """
        Replay diverged at step 4 (sequence 4), action .remove(0): the checkpoint differs \
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
      replay(log, from: TodoState(), reducer: Todos(), checkpoint: { textDump(of: $0) }))
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

    assertReplay(logAt: file, from: TodoState(), reducer: Todos(), checkpoint: { textDump(of: $0) })
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
