/// The first place where a replayed action log disagrees with its recording.
public struct ReplayDivergence: Hashable, Sendable, CustomStringConvertible {
  /// The step of the replay, from 1 (the position of the entry in the log).
  public let step: Int
  /// The sequence number the live store gave the action.
  public let sequence: Int
  /// The action, as `String(describing:)` writes it.
  public let action: String
  /// What disagrees.
  public let reason: String
  /// A line diff of the recorded checkpoint (`-`) and the replayed one (`+`), if any.
  public let diff: String?

  /// A readable report of the divergence: a headline, then the diff's lines.
  ///
  /// It holds text from the log as it is: escape it before writing it to a terminal.
  public var description: String {
    let head = "Replay diverged at step \(step) (sequence \(sequence)), action \(action): \(reason)"
    return diff.map { "\(head)\n\($0)" } ?? head
  }
}
