import Observation
import StoreCore
import Testing

@MainActor
@Suite struct StoreTests {
  @Test func sendAppliesTheReducerInPlace() {
    let store = Store(initialState: 0, reducer: Counter())
    store.send(.increment)
    store.send(.increment)
    store.send(.decrement)
    #expect(store.state == 1)
    #expect(store.processedActionCount == 3)
  }

  @Test func actionsSentWhileAReducerRunsAreQueuedNotNested() {
    let trace = Trace()
    let box = StoreBox()
    let reducer = Reduce<Int, CounterAction> { state, action in
      trace.events.append("begin \(action)")
      if action == .increment { box.store?.send(.set(10)) }
      if case .set(let value) = action { state = value } else { state += 1 }
      trace.events.append("end \(action)")
      return .none
    }
    let store = Store(initialState: 0, reducer: reducer)
    box.store = store
    store.send(.increment)
    #expect(
      trace.events == ["begin increment", "end increment", "begin set(10)", "end set(10)"])
    #expect(store.state == 10)
  }

  @Test func anObserverThatSendsIsQueuedAfterTheCurrentAction() {
    let trace = Trace()
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, CounterAction> { state, action in
        trace.events.append("reduce \(action)")
        switch action {
        case .decrement: state -= 1
        case .increment: state += 1
        case .set(let value): state = value
        }
        return action == .increment ? .send(.decrement) : .none
      })
    // Weak: the store keeps its observers, so a strong capture would never free the store.
    store.observe { [weak store] in
      guard let store else { return }
      trace.events.append("observe \(store.state)")
      if store.state == 1 { store.send(.set(5)) }
    }
    store.send(.increment)
    #expect(
      trace.events == [
        "reduce increment", "observe 1", "reduce set(5)", "observe 5", "reduce decrement",
        "observe 4",
      ])
  }

  @Test func observersAreCalledAfterEveryActionUntilRemoved() {
    let store = Store(initialState: 0, reducer: Counter())
    var seen: [Int] = []
    let token = store.observe { seen.append(store.state) }
    store.send(.increment)
    store.send(.set(7))
    store.removeObserver(token)
    store.send(.increment)
    #expect(seen == [1, 7])
  }

  @Test func observersAreCalledInTheOrderTheyWereAdded() {
    let store = Store(initialState: 0, reducer: Counter())
    var calls: [String] = []
    for name in ["a", "b", "c", "d", "e"] { store.observe { calls.append(name) } }
    store.send(.increment)
    #expect(calls == ["a", "b", "c", "d", "e"])
  }

  @Test func changesStreamsAnElementAfterAChange() async {
    let store = Store(initialState: 0, reducer: Counter())
    var changes = store.changes().makeAsyncIterator()
    store.send(.increment)
    store.send(.increment)
    store.send(.increment)
    let change: Void? = await changes.next()
    #expect(change != nil)
    #expect(store.state == 3)
  }

  @Test func observationTrackingSeesStateChanges() {
    let store = Store(initialState: 0, reducer: Counter())
    let changed = Shared(0)
    withObservationTracking {
      _ = store.state
    } onChange: {
      changed.update { $0 += 1 }
    }
    #expect(changed.value == 0)
    store.send(.increment)
    #expect(changed.value == 1)
  }

  @Test func observationTrackingStartedAfterUntrackedChangesSeesTheNext() {
    let store = Store(initialState: 0, reducer: Counter())
    // Actions nobody tracks, with an observer reading the state after each one, skip the
    // registrar; tracking started afterwards must still see the next change.
    store.observe { [weak store] in _ = store?.state }
    store.send(.increment)
    store.send(.increment)
    let changed = Shared(0)
    for round in 1...3 {
      withObservationTracking {
        _ = store.state
      } onChange: {
        changed.update { $0 += 1 }
      }
      store.send(.increment)
      store.send(.increment)
      #expect(changed.value == round)
    }
    #expect(store.state == 8)
  }
}

/// Records what happened, in order.
@MainActor
final class Trace {
  var events: [String] = []
}

/// Lets a reducer reach the store it runs in, to test re-entrant sends.
@MainActor
final class StoreBox {
  weak var store: Store<Int, CounterAction>?
}
