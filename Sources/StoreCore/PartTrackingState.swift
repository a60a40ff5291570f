/// A state that names its parts and records which of them each action changes, so that a
/// ``Store`` notifies the observers of those parts only.
///
/// A front end that shows a tally and thirty cards of a million observes those parts and is
/// told of a change to one of them, not of every action:
///
/// ```swift
/// struct Board: PartTrackingState {
///   enum Part: Hashable, Sendable {
///     case score
///     case cell(Int)
///   }
///   var cells: [Int]
///   var score = 0
///   var changedParts = ChangedParts<Part>()
///
///   mutating func play(_ cell: Int) {
///     cells[cell] += 1
///     score += 1
///     changedParts.insert(.cell(cell))
///     changedParts.insert(.score)
///   }
/// }
///
/// store.observe([.cell(3)]) { redrawCell(3) }
/// ```
///
/// Every mutation must record what it changed; a mutation too broad to list records
/// ``ChangedParts/insertEverything()``. The store takes the record after each action, so its
/// cost is O(parts changed), whatever the number of observers or the size of the state.
public protocol PartTrackingState {
  /// A part of the state observed on its own, such as a counter or one row of a list.
  associatedtype Part: Hashable & Sendable

  /// The parts changed since the store last took the record.
  var changedParts: ChangedParts<Part> { get set }
}
