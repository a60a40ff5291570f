import StoreCore

/// The runtime's own cost per action: `Store.send` of an action whose reducer does nothing,
/// with and without an observer, beside a direct call of the same reducer.
struct NoOpScenario: Scenario {
  /// The one action of the no-op store.
  enum NoOp: Sendable {
    case nothing
  }

  let name = "noOp"

  func run(size: Int, runs: Int, into results: Results) async throws {
    let reducer = Reduce<Int, NoOp> { _, _ in .none }
    let store = Store(initialState: 0, reducer: reducer)
    let observed = Store(initialState: 0, reducer: reducer)
    let sink = ObserverSink()
    observed.observe { [unowned observed] in sink.total &+= observed.state }
    var state = 0
    let operations = 1_000_000

    let samples = await interleavedSamples(
      runs: runs,
      [
        {
          nanosecondsPerOperation(operations) {
            for _ in 0..<operations { store.send(.nothing) }
          }
        },
        {
          nanosecondsPerOperation(operations) {
            for _ in 0..<operations { observed.send(.nothing) }
          }
        },
        {
          nanosecondsPerOperation(operations) {
            for _ in 0..<operations { _ = reducer.reduce(into: &state, action: .nothing) }
          }
        },
      ])
    blackHole(sink.total)
    blackHole(state)

    let plain = Measurement(
      name: "Store.send.noOp", scenario: name, size: nil, unit: .nanoseconds,
      samples: samples[0])
    let withObserver = Measurement(
      name: "Store.send.noOpObserved", scenario: name, size: nil, unit: .nanoseconds,
      samples: samples[1])
    let bare = Measurement(
      name: "Reduce.reduce.noOp", scenario: name, size: nil, unit: .nanoseconds,
      samples: samples[2])
    results.add(plain)
    results.add(withObserver)
    results.add(bare)
    results.compare(plain, with: bare, .atMost, nil)
    results.compare(withObserver, with: bare, .atMost, nil)
  }
}
