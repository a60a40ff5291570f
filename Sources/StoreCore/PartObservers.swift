/// The observers of single parts of a store's state, indexed by part, so that a change
/// reaches the observers of the parts it changed without a pass over the others.
@MainActor
final class PartObservers<Part: Hashable & Sendable>: RemovableObservers {
  private var callbacks: [Int: @MainActor () -> Void] = [:]
  private var partsByObserver: [Int: [Part]] = [:]
  private var observersByPart: [Part: [Int]] = [:]
  /// The observers of every part that passes a test.
  private var filters: [(id: Int, includes: (Part) -> Bool)] = []
  /// The observers to call for the current change, reused from one action to the next.
  private var due: [Int] = []
  /// The record swapped with the state's after each action, so taking it allocates nothing.
  var taken = ChangedParts<Part>()
  /// Whether a read through ``Store/read(_:_:)`` may have started Observation tracking of
  /// parts; until then the store doesn't tell the registrar of part changes.
  var mayBeTracked = false

  /// Adds an observer of `parts`.
  func add(id: Int, parts: [Part], onChange: @escaping @MainActor () -> Void) {
    callbacks[id] = onChange
    partsByObserver[id] = parts
    for part in Set(parts) { observersByPart[part, default: []].append(id) }
  }

  /// Adds an observer of every part that `includes` accepts.
  func add(
    id: Int, where includes: @escaping (Part) -> Bool, onChange: @escaping @MainActor () -> Void
  ) {
    callbacks[id] = onChange
    filters.append((id, includes))
  }

  func remove(id: Int) {
    filters.removeAll { $0.id == id }
    guard let parts = partsByObserver.removeValue(forKey: id) else { return }
    callbacks[id] = nil
    for part in Set(parts) {
      observersByPart[part]?.removeAll { $0 == id }
      if observersByPart[part]?.isEmpty == true { observersByPart[part] = nil }
    }
  }

  /// Calls, once each and in the order they were added, the observers of the parts in
  /// ``taken``.
  ///
  /// - Complexity: O(*p* × (1 + *f*) + *m* log *m*) for *p* changed parts, *f* observers
  ///   added with a test and *m* observers to call; O(*n*) observers when everything changed.
  func notify() {
    due.removeAll(keepingCapacity: true)
    if taken.includesEverything {
      due.append(contentsOf: callbacks.keys)
    } else {
      for part in taken.parts {
        if let ids = observersByPart[part] { due.append(contentsOf: ids) }
      }
      for filter in filters where taken.parts.contains(where: filter.includes) {
        due.append(filter.id)
      }
    }
    guard !due.isEmpty else { return }
    if due.count > 1 {
      due.sort()
      var last = -1
      due.removeAll { id in
        defer { last = id }
        return id == last
      }
    }
    let ids = due
    // An observer may remove itself or others: each is looked up when its turn comes.
    for id in ids { callbacks[id]?() }
  }
}

/// A table of observers that ``Store/removeObserver(_:)`` can remove from without knowing its
/// part type.
@MainActor
protocol RemovableObservers: AnyObject {
  func remove(id: Int)
}
