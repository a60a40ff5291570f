import StoreCore
import Testing

/// A parent state holding a counter, for the scope tests.
struct Parent: Equatable {
  var counter = 0
  var log: [String] = []
}

/// The parent's actions: its own, and the counter's wrapped.
enum ParentAction: Equatable, Sendable {
  case counter(CounterAction)
  case note(String)
}

/// A child counter that answers `.set` with an `.increment` effect.
struct EchoCounter: Reducer {
  func reduce(into state: inout Int, action: CounterAction) -> Effect<CounterAction> {
    switch action {
    case .decrement: state -= 1
    case .increment: state += 1
    case .set(let value):
      state = value
      return .send(.increment)
    }
    return .none
  }
}

@MainActor
@Suite struct ReducerCompositionTests {
  let parentReducer = Reduce<Parent, ParentAction> { state, action in
    switch action {
    case .counter(let action):
      state.log.append("parent saw \(action) at \(state.counter)")
    case .note(let note):
      state.log.append(note)
    }
    return .none
  }

  let scope = Scope(
    state: \Parent.counter,
    action: { (action: ParentAction) in
      if case .counter(let child) = action { child } else { nil }
    },
    embed: ParentAction.counter,
    child: EchoCounter()
  )

  @Test func aScopeRunsTheChildOnItsPartAndEmbedsItsEffects() {
    let store = Store(initialState: Parent(), reducer: scope)
    store.send(.counter(.set(4)))
    store.send(.note("ignored by the child"))
    #expect(store.state == Parent(counter: 5, log: []))
    #expect(store.processedActionCount == 3)
  }

  @Test func combinedReducersRunInOrderAndMergeEffects() {
    let store = Store(initialState: Parent(), reducer: scope.combined(with: parentReducer))
    store.send(.counter(.set(4)))
    #expect(
      store.state.log == ["parent saw set(4) at 4", "parent saw increment at 5"])
    #expect(store.state.counter == 5)
  }
}
