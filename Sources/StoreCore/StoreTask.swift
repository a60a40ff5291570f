/// The effects started by one `send`: await them with ``finish()`` or stop them with
/// ``cancel()``.
///
/// ```swift
/// await store.send(.increment).finish()
/// ```
@MainActor
public struct StoreTask: Sendable {
  private let deferred: DeferredTasks

  @usableFromInline
  init(deferred: DeferredTasks) {
    self.deferred = deferred
  }

  /// Waits until every effect started by the action has finished.
  public func finish() async {
    for task in deferred.tasks { await task.value }
  }

  /// Cancels every effect started by the action.
  public func cancel() {
    for task in deferred.tasks { task.cancel() }
  }

  /// Whether every effect started by the action has been cancelled.
  public var isCancelled: Bool {
    deferred.tasks.allSatisfy(\.isCancelled)
  }
}

/// The tasks of the effects started by one `send`: by its action and by the actions its
/// `.send` effects queued. Filled in as those actions are processed, which for a queued action
/// is after `send` returned.
@MainActor
@usableFromInline
final class DeferredTasks {
  @usableFromInline var tasks: [Task<Void, Never>] = []

  @usableFromInline
  init() {}
}
