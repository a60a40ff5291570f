import StoreCore
import Testing

@MainActor
@Suite struct ScopedActionRecorderTests {
  /// The counter scoped into `Parent`, with notes that send the counter an `.increment`, so a
  /// parent's action leads to a recorded effect.
  let parentReducer = Scope(
    state: \Parent.counter,
    action: { (action: ParentAction) in
      if case .counter(let child) = action { child } else { nil }
    },
    embed: ParentAction.counter,
    child: EchoCounter()
  )
  .combined(
    with: Reduce<Parent, ParentAction> { state, action in
      guard case .note(let note) = action else { return .none }
      state.log.append(note)
      return note == "bump" ? .send(.counter(.increment)) : .none
    })

  private func counterAction(_ action: ParentAction) -> CounterAction? {
    if case .counter(let action) = action { action } else { nil }
  }

  /// The type's documentation example.
  @Test func theDocumentationExample() {
    let log = ActionLog<CounterAction>(checkpointInterval: 100)
    let recorder = ScopedActionRecorder<ParentAction, CounterAction>(log) {
      if case .counter(let action) = $0 { action } else { nil }
    }
    let store = Store(
      initialState: Parent(), reducer: parentReducer, recorder: recorder,
      checkpoint: { "count=\($0.counter)" })
    store.send(.note("not recorded"))
    store.send(.counter(.increment))
    store.finishRecording()
    #expect(
      log.entries == [
        ActionLogEntry(sequence: 1, origin: .caller, action: .increment, checkpoint: "count=1")
      ])
  }

  @Test func theChildsActionsAreNumberedWithoutGapsAndCheckpointedFirstAndLast() {
    let log = ActionLog<CounterAction>(checkpointInterval: 3)
    let store = Store(
      initialState: Parent(), reducer: parentReducer,
      recorder: ScopedActionRecorder(log, action: counterAction),
      checkpoint: { "count=\($0.counter)" })
    store.send(.note("first"))
    store.send(.counter(.set(4)))
    store.send(.note("bump"))
    store.send(.counter(.decrement))
    store.send(.note("last"))
    store.finishRecording()
    #expect(
      log.entries == [
        // The checkpoint of `.set(4)` waits for the `.increment` it sends at once.
        ActionLogEntry(sequence: 1, origin: .caller, action: .set(4)),
        ActionLogEntry(sequence: 2, origin: .sent, action: .increment, checkpoint: "count=5"),
        // Sent by a note the log leaves out: replayed as it is.
        ActionLogEntry(sequence: 3, origin: .effect, action: .increment, checkpoint: "count=6"),
        ActionLogEntry(sequence: 4, origin: .caller, action: .decrement, checkpoint: "count=5"),
      ])
    #expect(store.processedActionCount == 7)
  }

  @Test func theLogReplaysThroughTheChildReducerAlone() {
    let log = ActionLog<CounterAction>(checkpointInterval: 100)
    let store = Store(
      initialState: Parent(), reducer: parentReducer,
      recorder: ScopedActionRecorder(log, action: counterAction),
      checkpoint: { "count=\($0.counter)" })
    for action in [ParentAction.note("bump"), .counter(.set(2)), .note("bump")] {
      store.send(action)
    }
    store.finishRecording()
    let result = replay(
      log.entries, from: 0, reducer: EchoCounter(), checkpoint: { "count=\($0)" })
    #expect(result.divergence == nil)
    #expect(result.state == store.state.counter)
  }
}
