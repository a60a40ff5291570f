import StoreCore
import StoreTesting
import Testing

/// A todo list that counts its loads: bookkeeping a test does not describe.
struct CountedTodos: Equatable, Sendable {
  var todos = TodoState()
  @Bookkeeping var loads = 0
}

/// `Todos` on `CountedTodos`, counting every load it starts.
struct CountingTodos: Reducer {
  func reduce(into state: inout CountedTodos, action: TodoAction) -> Effect<TodoAction> {
    if action == .load { state.loads += 1 }
    return Todos().reduce(into: &state.todos, action: action)
  }
}

@MainActor
@Suite struct TestStoreBookkeepingTests {
  @Test func bookkeepingIsTakenFromTheActualState() async {
    await withTestStore(initialState: CountedTodos(), reducer: CountingTodos()) { store in
      store.send(.load) { $0.todos.isLoading = true }
      await store.receive(.loaded(["Milk", "Eggs"])) {
        $0.todos.isLoading = false
        $0.todos.items = ["Milk", "Eggs"]
      }
      #expect(store.state.loads == 1)
    }
  }

  @Test func describedValuesAreStillChecked() async {
    let issues = await recordedIssues {
      await withTestStore(initialState: CountedTodos(), reducer: CountingTodos()) { store in
        store.send(.load)
        await store.receive(.loaded(["Milk", "Eggs"])) { $0.todos.items = ["Milk", "Eggs"] }
      }
    }
    #expect(issues.count == 2)
    #expect(issues.first?.message.hasPrefix("send(.load) changed the state") == true)
  }

  /// A closure whose only statement is `store.send(…)` returns a `StoreTask`; `withTestStore`
  /// takes a closure returning nothing, so this compiles without `_ =`, also inside
  /// `withKnownIssue`.
  @Test func aClosureThatOnlySendsCompiles() async {
    await withTestStore(initialState: TodoState(), reducer: Todos()) { store in
      store.send(.add("Tea")) { $0.items = ["Tea"] }
    }
    await withKnownIssue {
      await withTestStore(initialState: TodoState(), reducer: Todos()) { store in
        store.send(.add("Tea"))
      }
    }
  }
}
