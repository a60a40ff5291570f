/// A replay of an action log through a reducer alone, an entry at a time.
///
/// Effects are not run: their results are themselves actions in the log, except the actions
/// an entry's action sends at once (``Effect/send(_:)``), which are applied with it, as a store
/// does in one `send`; their own entries (origin ``ActionOrigin/sent``) are checked, not
/// applied again. After every entry
/// that has a checkpoint, the replayed state's checkpoint must equal the recorded one; the
/// first entry that disagrees, or that breaks the sequence, is the ``divergence``. The replay
/// goes on to the end of the log either way, so ``state`` is the state after every entry.
///
/// ```swift
/// var replay = ActionLogReplay(from: 0, reducer: Counter(), checkpoint: { "count=\($0)" })
/// replay.apply(ActionLogEntry(sequence: 1, origin: .caller, action: .increment))
/// replay.state  // 1
/// ```
public struct ActionLogReplay<R: Reducer> {
  /// The reducer the entries go through.
  public let reducer: R
  /// The state after the entries applied so far.
  public private(set) var state: R.State
  /// The number of entries applied.
  public private(set) var count = 0
  /// The first place the replay disagreed with the recording, or `nil`.
  public private(set) var divergence: ReplayDivergence?
  private let checkpoint: (R.State) -> String
  private var expectedSequence: Int?

  /// Starts a replay.
  ///
  /// - Parameters:
  ///   - initialState: The state the live store started from.
  ///   - reducer: The reducer to replay through.
  ///   - checkpoint: The same summary the live store's `checkpoint` closure made.
  public init(
    from initialState: R.State, reducer: R, checkpoint: @escaping (R.State) -> String
  ) {
    self.reducer = reducer
    self.state = initialState
    self.checkpoint = checkpoint
  }

  /// Applies one entry and checks its checkpoint, if it has one.
  ///
  /// - Parameter entry: The next entry of the log.
  public mutating func apply(_ entry: ActionLogEntry<R.Action>) {
    count += 1
    if let expectedSequence, entry.sequence != expectedSequence {
      diverge(
        at: entry,
        reason: "expected sequence \(expectedSequence): the log has a gap or is out of order")
    }
    expectedSequence = entry.sequence + 1
    // An action sent at once was applied with the action that sent it, as logs recorded
    // before such actions were logged expect.
    if entry.origin != .sent { reducer.apply(entry.action, to: &state) }
    guard let recorded = entry.checkpoint, divergence == nil else { return }
    let replayed = checkpoint(state)
    if replayed != recorded {
      diverge(
        at: entry, reason: "the checkpoint differs (- recorded, + replayed)",
        diff: LineDiff(expected: recorded, actual: replayed).rendered)
    }
  }

  private mutating func diverge(
    at entry: ActionLogEntry<R.Action>, reason: String, diff: String? = nil
  ) {
    guard divergence == nil else { return }
    divergence = ReplayDivergence(
      step: count, sequence: entry.sequence, action: String(describing: entry.action),
      reason: reason, diff: diff)
  }
}

/// Replays an action log through `reducer` alone.
///
/// ```swift
/// let result = replay(log.entries, from: 0, reducer: Counter(), checkpoint: { "count=\($0)" })
/// result.state  // the state after the last entry
/// result.divergence  // nil when every checkpoint agreed
/// ```
///
/// - Parameters:
///   - log: The entries a live store recorded, in order.
///   - initialState: The state the live store started from.
///   - reducer: The reducer to replay through.
///   - checkpoint: The same summary the live store's `checkpoint` closure made.
/// - Returns: The state after every entry and the first divergence, if any.
public func replay<R: Reducer>(
  _ log: some Sequence<ActionLogEntry<R.Action>>,
  from initialState: R.State,
  reducer: R,
  checkpoint: @escaping (R.State) -> String
) -> ReplayResult<R.State> {
  var replay = ActionLogReplay(from: initialState, reducer: reducer, checkpoint: checkpoint)
  for entry in log { replay.apply(entry) }
  return ReplayResult(state: replay.state, divergence: replay.divergence)
}
