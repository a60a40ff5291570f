import StoreCore
import Testing

/// A screen whose key presses apply a counter's actions in the same pass: the store records
/// the counter's actions in the key's place, so the log replays through the counter alone.
@MainActor
@Suite struct RecordsAppliedActionsTests {
  enum ScreenAction: Equatable, Sendable {
    case key(Character)
    case counter(CounterAction)

    var counterAction: CounterAction? {
      if case .counter(let action) = self { action } else { nil }
    }
  }

  struct Screen: RecordsAppliedActions {
    var app = 0
    @Bookkeeping var applied: [ScreenAction] = []

    func recordedActions(for action: ScreenAction) -> [ScreenAction] {
      if case .key = action { applied } else { [action] }
    }
  }

  /// `+` increments twice, `0` sets zero, any other key does nothing: each applied at once.
  struct ScreenReducer: Reducer {
    func reduce(into state: inout Screen, action: ScreenAction) -> Effect<ScreenAction> {
      var applied: [CounterAction] = []
      switch action {
      case .key("+"): applied = [.increment, .increment]
      case .key("0"): applied = [.set(0)]
      case .key: break
      case .counter(let action): applied = [action]
      }
      for action in applied { _ = Counter().reduce(into: &state.app, action: action) }
      state.applied = applied.map(ScreenAction.counter)
      return .none
    }
  }

  @Test func aKeysActionsAreRecordedInItsPlaceAndReplayThroughTheApp() {
    let log = ActionLog<CounterAction>(checkpointInterval: 2)
    let store = Store(
      initialState: Screen(), reducer: ScreenReducer(),
      recorder: ScopedActionRecorder(log, action: \.counterAction),
      checkpoint: { "count=\($0.app)" })
    for key: Character in ["+", "x", "+", "0", "+"] { store.send(.key(key)) }
    store.send(.counter(.decrement))
    store.finishRecording()
    #expect(
      log.entries.map(\.action) == [
        .increment, .increment, .increment, .increment, .set(0), .increment, .increment,
        .decrement,
      ])
    #expect(log.entries.map(\.sequence) == Array(1...8))
    // A checkpoint only after the last action of a key, where the state is known: the first
    // key's, and each time the interval is reached.
    #expect(
      log.entries.map(\.checkpoint) == [
        nil, "count=2", nil, "count=4", nil, nil, "count=2", "count=1",
      ])
    let result = replay(log.entries, from: 0, reducer: Counter(), checkpoint: { "count=\($0)" })
    #expect(result.divergence == nil && result.state == 1)
  }
}
