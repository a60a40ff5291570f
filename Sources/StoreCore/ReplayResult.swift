/// What replaying a whole log gave: the final state and the first divergence.
public struct ReplayResult<State> {
  /// The state after every entry of the log.
  public var state: State
  /// The first place the replay disagreed with the recording, or `nil` when it agreed.
  public var divergence: ReplayDivergence?
}

extension ReplayResult: Sendable where State: Sendable {}
