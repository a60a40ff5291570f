import StoreCore
import Testing

@MainActor
@Suite struct ActionRecorderTests {
  /// A counter whose `.set` also sends `.increment`, so the log holds an effect's action.
  let reducer = Reduce<Int, CounterAction> { state, action in
    switch action {
    case .decrement: state -= 1
    case .increment: state += 1
    case .set(let value):
      state = value
      return .send(.increment)
    }
    return .none
  }

  @Test func theLogKeepsEveryActionWithItsOriginAndCheckpoints() {
    let log = ActionLog<CounterAction>(checkpointInterval: 2)
    let store = Store(
      initialState: 0, reducer: reducer, recorder: log, checkpoint: { "count=\($0)" })
    store.send(.increment)
    store.send(.set(10))
    store.send(.decrement)
    store.send(.increment)
    store.finishRecording()
    store.finishRecording()
    #expect(
      log.entries == [
        ActionLogEntry(sequence: 1, origin: .caller, action: .increment, checkpoint: "count=1"),
        ActionLogEntry(sequence: 2, origin: .caller, action: .set(10)),
        ActionLogEntry(sequence: 3, origin: .sent, action: .increment, checkpoint: "count=11"),
        ActionLogEntry(sequence: 4, origin: .caller, action: .decrement, checkpoint: "count=10"),
        ActionLogEntry(sequence: 5, origin: .caller, action: .increment, checkpoint: "count=11"),
      ])
  }

  @Test func theFirstAndLastActionsHaveCheckpointsWhateverTheInterval() {
    let log = ActionLog<CounterAction>(checkpointInterval: 100)
    let store = Store(
      initialState: 0, reducer: Counter(), recorder: log, checkpoint: { "count=\($0)" })
    for _ in 1...7 { store.send(.increment) }
    store.finishRecording()
    #expect(log.entries.compactMap(\.checkpoint) == ["count=1", "count=7"])
    #expect(log.entries.first?.checkpoint == "count=1")
    #expect(log.entries.last?.checkpoint == "count=7")
  }

  @Test func finishingARecordingWithNoActionRecordsNothing() {
    let log = ActionLog<CounterAction>(checkpointInterval: 1)
    let store = Store(
      initialState: 0, reducer: Counter(), recorder: log, checkpoint: { "count=\($0)" })
    store.finishRecording()
    #expect(log.entries.isEmpty)
  }

  @Test func actionsHandedBackByAnExecutorAreRecordedAsEffects() {
    let log = ActionLog<CounterAction>()
    let store = Store(initialState: 0, reducer: reducer, recorder: log)
    store.receive(.increment)
    #expect(log.entries == [ActionLogEntry(sequence: 1, origin: .effect, action: .increment)])
    #expect(log.checkpointInterval == nil)
  }

  @Test func withoutACheckpointClosureNoCheckpointIsTaken() {
    let log = ActionLog<CounterAction>(checkpointInterval: 1)
    let store = Store(initialState: 0, reducer: reducer, recorder: log)
    store.send(.increment)
    #expect(log.entries.map(\.checkpoint) == [nil])
  }
}
