/// A state that can say which of its invariants it breaks.
///
/// A state with bookkeeping (counts kept beside the values they count, an index beside a
/// list) can be built by hand in a test and broken there. Adopt this protocol to check such a
/// state in one place: tests call ``invariantViolations`` on the states they build, and a
/// ``Store`` built in debug mode asserts after every action, and the actions it sent with
/// ``Effect/send(_:)``, that the reducer kept them.
///
/// ```swift
/// struct Cart: InvariantCheckingState {
///   var items: [Int] = []
///   var total = 0
///
///   var invariantViolations: [String] {
///     total == items.reduce(0, +) ? [] : ["total \(total) is not the sum of the items"]
///   }
/// }
/// ```
public protocol InvariantCheckingState {
  /// One sentence for each broken invariant, naming the values that break it; empty when the
  /// state is consistent.
  var invariantViolations: [String] { get }
}
