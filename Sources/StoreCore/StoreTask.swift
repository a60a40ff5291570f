/// The effects started by one `send`: await them with ``finish()`` or stop them with
/// ``cancel()``.
///
/// ```swift
/// await store.send(.loadBooks).finish()
/// ```
@MainActor
public struct StoreTask: Sendable {
  private let tasks: [Task<Void, Never>]
  private let deferred: DeferredTasks?

  @usableFromInline
  init(tasks: [Task<Void, Never>]) {
    self.tasks = tasks
    self.deferred = nil
  }

  @usableFromInline
  init(deferred: DeferredTasks) {
    self.tasks = []
    self.deferred = deferred
  }

  private var allTasks: [Task<Void, Never>] {
    tasks + (deferred?.tasks ?? [])
  }

  /// Waits until every effect started by the action has finished.
  public func finish() async {
    for task in allTasks { await task.value }
  }

  /// Cancels every effect started by the action.
  public func cancel() {
    for task in allTasks { task.cancel() }
  }

  /// Whether every effect started by the action has been cancelled.
  public var isCancelled: Bool {
    allTasks.allSatisfy(\.isCancelled)
  }
}

/// The tasks of an action that was queued because another action was being processed; they
/// are filled in when the queued action runs.
@MainActor
@usableFromInline
final class DeferredTasks {
  @usableFromInline var tasks: [Task<Void, Never>] = []

  @usableFromInline
  init() {}
}
