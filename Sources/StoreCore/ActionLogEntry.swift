/// Who sent an action to a store.
public enum ActionOrigin: String, Hashable, Sendable, Codable {
  /// A caller of ``Store/send(_:)``, such as a front end reacting to the user.
  case caller
  /// An effect, such as a service answering.
  case effect
  /// The action before, which sent it at once with ``Effect/send(_:)``, as a child feature
  /// sends its `delegate` action: a replay applies it with that action, so a log recorded
  /// before such actions were logged replays the same.
  case sent
}

/// One action a store processed, as its recorder saw it.
///
/// A log of entries replays a session exactly: reducers are pure and effect results are
/// themselves actions in the log, so no service is needed to replay it.
public struct ActionLogEntry<Action> {
  /// The position of the action in the store's processing order, from 1.
  public var sequence: Int
  /// Who sent the action.
  public var origin: ActionOrigin
  /// The action.
  public var action: Action
  /// A summary of the state after the action, recorded every so often so that a replay can
  /// check it has not diverged; `nil` for most entries.
  public var checkpoint: String?

  /// Creates an entry.
  public init(sequence: Int, origin: ActionOrigin, action: Action, checkpoint: String? = nil) {
    self.sequence = sequence
    self.origin = origin
    self.action = action
    self.checkpoint = checkpoint
  }
}

extension ActionLogEntry: Equatable where Action: Equatable {}
extension ActionLogEntry: Hashable where Action: Hashable {}
extension ActionLogEntry: Sendable where Action: Sendable {}
extension ActionLogEntry: Encodable where Action: Encodable {}
extension ActionLogEntry: Decodable where Action: Decodable {}
