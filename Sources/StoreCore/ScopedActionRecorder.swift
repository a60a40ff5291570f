/// A recorder that keeps a feature's actions alone, from a store whose actions wrap them among
/// actions of its own, and records them as a store of that feature would.
///
/// A front end that composes its own state and actions around a feature with ``Scope`` records
/// a log that replays through the feature's reducer alone: its own actions (key presses, say)
/// are left out, and the kept actions are numbered from 1 without gaps, with a checkpoint after
/// the first and the last of them. The entries keep the origin the store gave them, so an
/// action that the front end's reducer sends for the user is recorded as an effect.
///
/// ```swift
/// let log = ActionLog<CounterAction>(checkpointInterval: 100)
/// let recorder = ScopedActionRecorder<ParentAction, CounterAction>(log) {
///   if case .counter(let action) = $0 { action } else { nil }
/// }
/// let store = Store(
///   initialState: Parent(), reducer: parentReducer, recorder: recorder,
///   checkpoint: { "count=\($0.counter)" })
/// store.send(.note("not recorded"))
/// store.send(.counter(.increment))
/// store.finishRecording()
/// log.entries  // [ActionLogEntry(sequence: 1, origin: .caller, action: .increment, checkpoint: "count=1")]
/// ```
@MainActor
public final class ScopedActionRecorder<Action, Child>: ActionRecorder {
  /// The recorder that receives the feature's actions.
  public let base: any ActionRecorder<Child>
  private let extract: (Action) -> Child?

  /// Creates a recorder that hands `base` the actions `extract` finds.
  ///
  /// - Parameters:
  ///   - base: The recorder of the feature's actions, such as a ``JSONLinesActionRecorder``.
  ///   - extract: Returns the feature's action inside a store action, or `nil` for the store's
  ///     own actions, which are not recorded.
  public init(_ base: any ActionRecorder<Child>, action extract: @escaping (Action) -> Child?) {
    self.base = base
    self.extract = extract
  }

  /// The base recorder's interval, counted in the feature's actions.
  public var checkpointInterval: Int? { base.checkpointInterval }

  /// Whether `action` wraps a feature's action.
  public func records(_ action: Action) -> Bool { extract(action) != nil }

  /// Hands the feature's action inside `entry` to the base recorder.
  public func record(_ entry: ActionLogEntry<Action>) {
    guard let action = extract(entry.action) else { return }
    base.record(
      ActionLogEntry(
        sequence: entry.sequence, origin: entry.origin, action: action,
        checkpoint: entry.checkpoint))
  }

  /// Hands the checkpoint to the base recorder.
  public func recordCheckpoint(_ checkpoint: String, sequence: Int) {
    base.recordCheckpoint(checkpoint, sequence: sequence)
  }
}
