import StoreCore
import Testing

/// Applying an action with the actions it sends at once, as a parent that applies a child's
/// actions inline does.
@Suite struct ReducerApplyTests {
  /// A counter whose `.set` sends `.increment` at once.
  let counter = EchoCounter()

  @Test func theDocumentationExamples() {
    do {
      var count = 0
      let effect = counter.apply(.set(4), to: &count)
      #expect(count == 5)
      #expect(effect.isNone)
    }
    do {
      var count = 0
      #expect(counter.reduce(into: &count, action: .set(4)).sentActions == [.increment])
      #expect(count == 4)
    }
  }

  @Test func sentActionsAreAppliedInTheStoresOrderAndTheRestIsReturned() {
    let reducer = Reduce<[String], String> { log, action in
      log.append(action)
      switch action {
      case "a": return .merge(.send("b"), .run { _ in }, .send("c"))
      case "b": return .send("d")
      default: return .none
      }
    }
    var log: [String] = []
    let effect = reducer.apply("a", to: &log)
    #expect(log == ["a", "b", "c", "d"])
    #expect(!effect.isNone && effect.sentActions.isEmpty)
  }
}
