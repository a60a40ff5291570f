/// Receives every action a store processes, in order.
///
/// A recorder keeps actions, never states: a retained copy of a large state would make the
/// store's next change copy all of it.
@MainActor
public protocol ActionRecorder<Action>: AnyObject {
  /// The actions recorded.
  associatedtype Action

  /// How often to ask the store for a checkpoint: every `checkpointInterval` actions, or never
  /// when `nil`.
  var checkpointInterval: Int? { get }

  /// Whether the recorder keeps `action`. The store numbers and checkpoints the kept actions
  /// only, so a log that leaves some out (a ``ScopedActionRecorder``) has no gaps.
  func records(_ action: Action) -> Bool

  /// Records one processed action.
  func record(_ entry: ActionLogEntry<Action>)

  /// Records a checkpoint of the state after the action already recorded with `sequence`, as
  /// ``Store/finishRecording()`` takes after the last action.
  ///
  /// - Parameters:
  ///   - checkpoint: The summary of the state.
  ///   - sequence: The sequence number of the last recorded entry.
  func recordCheckpoint(_ checkpoint: String, sequence: Int)
}

extension ActionRecorder {
  /// No checkpoints, by default.
  public var checkpointInterval: Int? { nil }

  /// Every action, by default.
  public func records(_ action: Action) -> Bool { true }
}

/// A recorder that keeps the entries in memory.
///
/// ```swift
/// let log = ActionLog<CounterAction>(checkpointInterval: 100)
/// let store = Store(
///   initialState: 0, reducer: Counter(), recorder: log, checkpoint: { "count=\($0)" })
/// store.send(.increment)
/// store.finishRecording()
/// log.entries  // [ActionLogEntry(sequence: 1, origin: .caller, action: .increment, checkpoint: "count=1")]
/// ```
@MainActor
public final class ActionLog<Action>: ActionRecorder {
  /// The recorded entries, in processing order.
  public private(set) var entries: [ActionLogEntry<Action>] = []
  /// How often a checkpoint is taken, or `nil` for never.
  public let checkpointInterval: Int?

  /// Creates an empty log.
  ///
  /// - Parameter checkpointInterval: Take a checkpoint every this many actions, or never.
  public init(checkpointInterval: Int? = nil) {
    self.checkpointInterval = checkpointInterval
  }

  /// Appends `entry`.
  public func record(_ entry: ActionLogEntry<Action>) {
    entries.append(entry)
  }

  /// Sets the checkpoint of the last entry, when its sequence number is `sequence`.
  public func recordCheckpoint(_ checkpoint: String, sequence: Int) {
    guard let last = entries.indices.last, entries[last].sequence == sequence else { return }
    entries[last].checkpoint = checkpoint
  }
}
