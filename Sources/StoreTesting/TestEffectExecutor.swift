import StoreCore

/// The effect executor of a ``TestStore``: runs each effect's work in its own task, like the
/// live executor, but holds the actions the work sends until the test asserts them.
///
/// Waiting is event-driven: a waiter is resumed the moment an effect sends an action or
/// finishes, never by polling or sleeping.
@MainActor
public final class TestEffectExecutor<Action: Sendable>: EffectExecutor {
  /// An action an effect sent, waiting for the test to receive it.
  public struct ReceivedAction {
    /// The action.
    public let action: Action
    /// Where the effect that sent it was made.
    public let effectOrigin: CodeLocation
    /// The sequence number of the action whose reducer returned the effect.
    public let actionSequence: Int
  }

  /// An effect whose work has not finished.
  public struct RunningEffect {
    /// Where the effect was made.
    public let origin: CodeLocation
    /// The sequence number of the action whose reducer returned the effect.
    public let actionSequence: Int
    let task: Task<Void, Never>
  }

  /// The actions effects sent that the test has not received yet, oldest first.
  public private(set) var receivedActions: [ReceivedAction] = []
  private var running: [Int: RunningEffect] = [:]
  /// How many effects run and how many of their actions wait, readable off the main actor:
  /// a test store dropped without `finish()` checks it in its `deinit`.
  nonisolated let outstanding = Locked((running: 0, unreceived: 0))
  private var nextEffectID = 0
  private var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
  private var nextWaiterID = 0

  /// Creates an executor with nothing running.
  public init() {}

  /// The effects still running, in the order they started.
  public var runningEffects: [RunningEffect] {
    running.sorted { $0.key < $1.key }.map(\.value)
  }

  /// Starts `work` in a new task, holding every action it sends.
  public func execute(_ work: EffectWork<Action>) -> Task<Void, Never> {
    nextEffectID += 1
    let id = nextEffectID
    let task = Task { [weak self] in
      await work.run { action in
        self?.hold(
          ReceivedAction(
            action: action,
            effectOrigin: work.origin,
            actionSequence: work.actionSequence
          )
        )
      }
      self?.finished(id)
    }
    running[id] = RunningEffect(
      origin: work.origin, actionSequence: work.actionSequence, task: task)
    countOutstanding()
    return task
  }

  /// Removes and returns the oldest action not yet received.
  func takeReceivedAction() -> ReceivedAction? {
    defer { countOutstanding() }
    return receivedActions.isEmpty ? nil : receivedActions.removeFirst()
  }

  /// Removes and returns every action not yet received.
  func takeAllReceivedActions() -> [ReceivedAction] {
    defer {
      receivedActions.removeAll()
      countOutstanding()
    }
    return receivedActions
  }

  /// Cancels every running effect.
  func cancelAll() {
    for effect in running.values { effect.task.cancel() }
  }

  /// Suspends until an effect sends an action or finishes.
  ///
  /// - Parameter timeout: The safety net for effects that never finish, or `nil` to wait
  ///   as long as it takes.
  /// - Returns: `false` when `timeout` passed first.
  func nextEvent(timeout: Duration?) async -> Bool {
    nextWaiterID += 1
    let id = nextWaiterID
    var timer: Task<Void, Never>?
    if let timeout {
      timer = Task { [weak self] in
        do {
          try await Task.sleep(for: timeout)
        } catch {
          return
        }
        self?.resume(id, returning: false)
      }
    }
    let happened = await withCheckedContinuation { continuation in
      waiters[id] = continuation
    }
    timer?.cancel()
    return happened
  }

  private func hold(_ received: ReceivedAction) {
    receivedActions.append(received)
    countOutstanding()
    resumeAll()
  }

  private func finished(_ id: Int) {
    running[id] = nil
    countOutstanding()
    resumeAll()
  }

  private func countOutstanding() {
    outstanding.withLock { $0 = (running.count, receivedActions.count) }
  }

  private func resumeAll() {
    for id in Array(waiters.keys) { resume(id, returning: true) }
  }

  private func resume(_ id: Int, returning happened: Bool) {
    waiters.removeValue(forKey: id)?.resume(returning: happened)
  }
}
