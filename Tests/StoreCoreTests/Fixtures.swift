import StoreCore

/// The actions of the counter used throughout these tests.
enum CounterAction: Hashable, Sendable, Codable {
  case decrement
  case increment
  case set(Int)
}

/// A counter reducer: the smallest reducer with state.
struct Counter: Reducer {
  func reduce(into state: inout Int, action: CounterAction) -> Effect<CounterAction> {
    switch action {
    case .decrement: state -= 1
    case .increment: state += 1
    case .set(let value): state = value
    }
    return .none
  }
}

/// An error thrown by effects under test.
struct Boom: Error, Equatable {}

/// A value shared with `@Sendable` closures, such as Observation's `onChange`.
final class Shared<Value: Sendable>: Sendable {
  private let storage: Locked<Value>

  init(_ value: Value) {
    storage = Locked(value)
  }

  var value: Value {
    storage.withLock { $0 }
  }

  func update(_ body: @Sendable (inout Value) -> Void) {
    storage.withLock { body(&$0) }
  }
}

/// A gate that effects wait at until the test opens it: lets a test order effects without
/// sleeping.
actor Gate {
  private var isOpen = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  func wait() async {
    if isOpen { return }
    await withCheckedContinuation { waiters.append($0) }
  }

  func open() {
    isOpen = true
    for waiter in waiters { waiter.resume() }
    waiters.removeAll()
  }
}
