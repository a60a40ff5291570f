/// A type that evolves a state in place in response to actions and describes the side effects
/// to run.
///
/// Reducers are pure: they read the action and the state, mutate the state in place, and
/// return an ``Effect`` for any work outside (a database, a server, a timer). They never
/// perform that work themselves and never throw; failures come back later as actions.
///
/// ```swift
/// struct Counter: Reducer {
///   func reduce(into state: inout Int, action: CounterAction) -> Effect<CounterAction> {
///     switch action {
///     case .decrement: state -= 1
///     case .increment: state += 1
///     case .set(let value): state = value
///     }
///     return .none
///   }
/// }
/// ```
public protocol Reducer<State, Action> {
  /// The state the reducer evolves.
  associatedtype State
  /// The actions the reducer handles.
  associatedtype Action: Sendable

  /// Applies `action` to `state` in place and returns the effect to run next.
  ///
  /// - Parameters:
  ///   - state: The current state, mutated in place.
  ///   - action: The action to apply.
  /// - Returns: Work to run after the state changed, or ``Effect/none``.
  func reduce(into state: inout State, action: Action) -> Effect<Action>
}

/// A reducer made from a closure.
///
/// ```swift
/// let counter = Reduce<Int, CounterAction> { state, action in
///   state += 1
///   return .none
/// }
/// ```
public struct Reduce<State, Action: Sendable>: Reducer {
  private let body: (inout State, Action) -> Effect<Action>

  /// Creates a reducer that runs `body` for every action.
  public init(_ body: @escaping (inout State, Action) -> Effect<Action>) {
    self.body = body
  }

  /// Runs the closure.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body(&state, action)
  }
}
