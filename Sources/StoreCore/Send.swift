/// Sends actions from an effect's asynchronous work back to its store.
///
/// Call it like a function: `await send(.set(count))`. Actions sent after the effect was
/// cancelled are dropped.
public struct Send<Action: Sendable>: Sendable {
  private let deliver: @MainActor @Sendable (Action) -> Void

  /// Creates a sender that hands every action to `deliver` on the main actor.
  public init(_ deliver: @escaping @MainActor @Sendable (Action) -> Void) {
    self.deliver = deliver
  }

  /// Sends `action` to the store, unless the effect was cancelled.
  @MainActor
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    deliver(action)
  }

  func map<Child: Sendable>(_ transform: @escaping @Sendable (Child) -> Action) -> Send<Child> {
    let deliver = deliver
    return Send<Child> { deliver(transform($0)) }
  }
}
