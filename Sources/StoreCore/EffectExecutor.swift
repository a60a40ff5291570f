/// Runs the asynchronous work of a store's effects.
///
/// The store decides what to run, cancels by ID and turns thrown errors into actions or
/// warnings; an executor only decides how the work runs and where the actions it sends go.
/// ``LiveEffectExecutor`` runs each piece of work in its own task and hands its actions straight
/// to the store. A test store plugs in an executor that holds the actions until the test
/// asserts them, so both run on this same runtime.
@MainActor
public protocol EffectExecutor<Action>: AnyObject {
  /// The actions the work sends.
  associatedtype Action: Sendable

  /// Starts `work` and returns the task that runs it.
  func execute(_ work: EffectWork<Action>) -> Task<Void, Never>
}

/// One effect's asynchronous work, ready to run, as a store hands it to an ``EffectExecutor``.
public struct EffectWork<Action: Sendable>: Sendable {
  /// Where the effect was made.
  public let origin: CodeLocation
  /// The sequence number of the action whose reducer returned the effect.
  public let actionSequence: Int
  /// The priority asked for by the effect.
  public let priority: TaskPriority?
  let body: @MainActor @Sendable (Send<Action>) async -> Void
  let deliver: @MainActor @Sendable (Action) -> Void

  /// Runs the work, handing the actions it sends to its store. It starts and ends on the main
  /// actor, where the store's bookkeeping is, and the effect's operation runs on the
  /// cooperative pool: called from the main actor, nothing hops on the way in or out.
  public nonisolated(nonsending) func run() async {
    await body(Send(deliver))
  }

  /// Runs the work, handing the actions it sends to `deliver` instead of the store.
  public nonisolated(nonsending) func run(
    delivering deliver: @escaping @MainActor @Sendable (Action) -> Void
  ) async {
    await body(Send(deliver))
  }
}

/// The executor of a live store: every piece of work runs in its own task, and its actions
/// reach the store in the order they are sent.
@MainActor
public final class LiveEffectExecutor<Action: Sendable>: EffectExecutor {
  /// Creates an executor.
  public init() {}

  /// Starts `work` in a new task.
  public func execute(_ work: EffectWork<Action>) -> Task<Void, Never> {
    Task(priority: work.priority) { await work.run() }
  }
}
