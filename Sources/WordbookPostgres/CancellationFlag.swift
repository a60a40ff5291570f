import Synchronization

/// Whether a task was cancelled, readable from another thread.
final class CancellationFlag: Sendable {
  private let value = Atomic(false)

  var isSet: Bool { value.load(ordering: .relaxed) }

  func set() { value.store(true, ordering: .relaxed) }
}
