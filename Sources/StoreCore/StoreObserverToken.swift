/// Identifies an observer added with ``Store/observe(_:)``.
public struct StoreObserverToken: Hashable, Sendable {
  let id: Int
}
