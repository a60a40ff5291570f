import StoreCore
import Testing

/// The `InvariantCheckingState` documentation's example.
struct Cart: InvariantCheckingState {
  var items: [Int] = []
  var total = 0

  var invariantViolations: [String] {
    total == items.reduce(0, +) ? [] : ["total \(total) is not the sum of the items"]
  }
}

/// Adds items to a cart; `keepsTotal: false` forgets the total, as a buggy reducer would.
struct CartReducer: Reducer {
  var keepsTotal = true

  func reduce(into state: inout Cart, action: Int) -> Effect<Int> {
    state.items.append(action)
    if keepsTotal { state.total += action }
    return .none
  }
}

@MainActor
@Suite struct InvariantCheckingStateTests {
  @Test func aReducerThatKeepsTheInvariantsRunsOn() {
    let store = Store(initialState: Cart(), reducer: CartReducer())
    store.send(2)
    store.send(3)
    #expect(store.state.total == 5)
    #expect(store.state.invariantViolations.isEmpty)
  }

  #if DEBUG
    @Test func aReducerThatBreaksThemStopsADebugBuild() async {
      await #expect(processExitsWith: .failure) {
        await MainActor.run {
          let store = Store(initialState: Cart(), reducer: CartReducer(keepsTotal: false))
          store.send(2)
        }
      }
    }
  #endif
}
