/// One benchmark scenario: an operation of the store measured beside its baselines.
@MainActor
protocol Scenario: Sendable {
  /// The name `--filter` matches, such as `shuffle`.
  var name: String { get }

  /// Measures the scenario at `size` words with `runs` timed runs, adding the measurements
  /// and their checks to `results`.
  func run(size: Int, runs: Int, into results: Results) async throws
}
