/// The parts of a state that changed since a store last looked: what a
/// ``PartTrackingState`` records as it is mutated.
///
/// A reducer records the part it changes (`state.changedParts.insert(.tally)`) or, for a
/// change too broad to list, that everything changed. Past ``limit`` parts the record becomes
/// "everything", so a state reduced outside a store, where nobody takes the record, never
/// holds more than a few parts.
///
/// The record is bookkeeping about the last action, not state: two records always compare
/// equal, so a state's equality ignores it.
public struct ChangedParts<Part: Hashable & Sendable>: Sendable {
  /// The most parts recorded one by one before the record becomes "everything".
  public static var limit: Int { 64 }

  /// The parts recorded, in the order they first changed; empty when everything changed.
  public private(set) var parts: [Part] = []
  /// Whether everything changed.
  public private(set) var includesEverything = false

  /// An empty record.
  public init() {}

  /// Whether nothing changed.
  public var isEmpty: Bool { !includesEverything && parts.isEmpty }

  /// Whether `part` changed.
  public func contains(_ part: Part) -> Bool {
    includesEverything || parts.contains(part)
  }

  /// Records that `part` changed.
  ///
  /// - Complexity: O(*k*) for *k* parts recorded, at most ``limit``.
  public mutating func insert(_ part: Part) {
    guard !includesEverything, !parts.contains(part) else { return }
    guard parts.count < Self.limit else {
      insertEverything()
      return
    }
    parts.append(part)
  }

  /// Records that everything changed.
  public mutating func insertEverything() {
    includesEverything = true
    parts.removeAll(keepingCapacity: true)
  }

  /// Forgets every change, keeping the storage for the next ones.
  public mutating func removeAll() {
    includesEverything = false
    parts.removeAll(keepingCapacity: true)
  }
}

extension ChangedParts: UndescribedValue {}

extension ChangedParts: Equatable {
  /// Always `true`: the record is bookkeeping, not state.
  public static func == (lhs: Self, rhs: Self) -> Bool { true }
}
