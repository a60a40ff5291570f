import StoreCore
import StoreTesting
import Testing

@MainActor
@Suite struct TestStoreTests {
  @Test func sendReceiveAndFinish() async {
    let store = TestStore(initialState: TodoState(), reducer: Todos())
    store.send(.add("Tea")) { $0.items = ["Tea"] }
    store.send(.load) { $0.isLoading = true }
    await store.receive(.loaded(["Milk", "Eggs"])) {
      $0.isLoading = false
      $0.items = ["Milk", "Eggs"]
    }
    await store.finish()
  }

  @Test func aFailingEffectIsReceivedThroughItsCatchHandler() async {
    let failing = Todos(load: { throw LoadFailure(reason: "offline") })
    await withTestStore(initialState: TodoState(), reducer: failing) { store in
      store.send(.load) { $0.isLoading = true }
      await store.receive(.loadFailed("LoadFailure(reason: \"offline\")")) {
        $0.isLoading = false
        $0.errorMessage = "LoadFailure(reason: \"offline\")"
      }
    }
  }

  @Test func receiveByPredicate() async {
    await withTestStore(initialState: TodoState(), reducer: Todos()) { store in
      store.send(.load) { $0.isLoading = true }
      await store.receive("loaded", matching: { if case .loaded = $0 { true } else { false } }) {
        $0.isLoading = false
        $0.items = ["Milk", "Eggs"]
      }
    }
  }

  @Test func aLongLivedEffectIsDrivenStepByStepAndCancelled() async {
    let timer = ManualTimer()
    let reducer = Todos(timer: { timer.stream })
    await withTestStore(initialState: TodoState(), reducer: reducer) { store in
      store.send(.startTimer)
      timer.tick()
      await store.receive(.tick) { $0.ticks = 1 }
      timer.tick()
      await store.receive(.tick) { $0.ticks = 2 }
      store.send(.stopTimer)
    }
  }

  @Test func anActionThatChangesNothingNeedsNoClosure() async {
    await withTestStore(initialState: TodoState(), reducer: Todos()) { store in
      store.send(.remove(3))
      #expect(store.state == TodoState())
    }
  }

  @Test func nonExhaustiveStoresCheckOnlyWhatIsAsserted() async {
    let timer = ManualTimer()
    let reducer = Todos(timer: { timer.stream })
    await withTestStore(initialState: TodoState(), reducer: reducer, exhaustivity: .off) { store in
      store.send(.add("Tea"))
      store.send(.load) { $0.isLoading = true }
      store.send(.startTimer)
      timer.tick()
      timer.tick()
      await store.receive(.loaded(["Milk", "Eggs"])) { $0.items = ["Milk", "Eggs"] }
      await store.receive(.tick) { $0.ticks = 1 }
      #expect(store.state.isLoading == false)
    }
  }

  @Test func theUnderlyingStoreRecordsActionsFromEffectsAsEffects() async {
    let store = TestStore(initialState: TodoState(), reducer: Todos())
    store.send(.load) { $0.isLoading = true }
    await store.receive(.loaded(["Milk", "Eggs"])) {
      $0.isLoading = false
      $0.items = ["Milk", "Eggs"]
    }
    await store.finish()
    #expect(store.store.processedActionCount == 2)
  }
}
