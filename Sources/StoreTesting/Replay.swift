import Foundation
import StoreCore
import Testing

/// The first place where a replayed action log disagrees with its recording.
public struct ReplayDivergence: Sendable, CustomStringConvertible {
  /// The step of the replay, from 1 (the position of the entry in the log).
  public let step: Int
  /// The sequence number the live store gave the action.
  public let sequence: Int
  /// The action, as ``textDump(of:)`` writes it.
  public let action: String
  /// What disagrees.
  public let reason: String
  /// A line diff of the recorded checkpoint (`-`) and the replayed one (`+`), if any.
  public let diff: String?

  /// A readable report of the divergence.
  public var description: String {
    let head = "Replay diverged at step \(step) (sequence \(sequence)), action \(action): \(reason)"
    return diff.map { "\(head)\n\($0)" } ?? head
  }
}

/// Replays an action log through `reducer` alone and returns the first divergence.
///
/// Effects are not run: their results are themselves actions in the log. After every entry
/// that has a checkpoint, `checkpoint` of the replayed state must equal the recorded one.
///
/// - Parameters:
///   - log: The entries a live store recorded, in order.
///   - initialState: The state the live store started from.
///   - reducer: The reducer to replay through.
///   - checkpoint: The same summary the live store's `checkpoint` closure made.
/// - Returns: The first divergence, or `nil` when the replay agrees with the recording.
public func replay<R: Reducer>(
  _ log: [ActionLogEntry<R.Action>],
  from initialState: R.State,
  reducer: R,
  checkpoint: (R.State) -> String
) -> ReplayDivergence? {
  var state = initialState
  var expectedSequence = log.first?.sequence ?? 1
  for (offset, entry) in log.enumerated() {
    let step = offset + 1
    if entry.sequence != expectedSequence {
      return ReplayDivergence(
        step: step, sequence: entry.sequence, action: shortDescription(of: entry.action),
        reason: "expected sequence \(expectedSequence): the log has a gap or is out of order",
        diff: nil)
    }
    expectedSequence += 1
    _ = reducer.reduce(into: &state, action: entry.action)
    guard let recorded = entry.checkpoint else { continue }
    let replayed = checkpoint(state)
    if replayed != recorded {
      return ReplayDivergence(
        step: step, sequence: entry.sequence, action: shortDescription(of: entry.action),
        reason: "the checkpoint differs (- recorded, + replayed)",
        diff: LineDiff(expected: recorded, actual: replayed).rendered)
    }
  }
  return nil
}

/// Replays an action log through `reducer` and fails the test at the first divergence, with
/// its step number, the action and a diff of the checkpoints.
///
/// ```swift
/// @Test func recordedSession() {
///   assertReplay(log, from: Counter.State(), reducer: Counter(), checkpoint: { textDump(of: $0) })
/// }
/// ```
///
/// - Parameters:
///   - log: The entries a live store recorded, in order.
///   - initialState: The state the live store started from.
///   - reducer: The reducer to replay through.
///   - checkpoint: The same summary the live store's `checkpoint` closure made.
///   - sourceLocation: Where the assertion is written (filled in for you).
public func assertReplay<R: Reducer>(
  _ log: [ActionLogEntry<R.Action>],
  from initialState: R.State,
  reducer: R,
  checkpoint: (R.State) -> String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  if let divergence = replay(log, from: initialState, reducer: reducer, checkpoint: checkpoint) {
    Issue.record(Comment(rawValue: divergence.description), sourceLocation: sourceLocation)
  }
}

/// Reads a JSON Lines action log (as `JSONLinesActionRecorder` writes it) and
/// replays it, failing the test at the first divergence or when the file cannot be read.
///
/// ```swift
/// @Test func recordedSession() {
///   assertReplay(
///     logAt: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
///       .appendingPathComponent("Logs/session.jsonl"),
///     from: AppState(), reducer: AppReducer(), checkpoint: { textDump(of: $0) })
/// }
/// ```
///
/// - Parameters:
///   - file: The `.jsonl` log.
///   - initialState: The state the live store started from.
///   - reducer: The reducer to replay through.
///   - checkpoint: The same summary the live store's `checkpoint` closure made.
///   - sourceLocation: Where the assertion is written (filled in for you).
public func assertReplay<R: Reducer>(
  logAt file: URL,
  from initialState: R.State,
  reducer: R,
  checkpoint: (R.State) -> String,
  sourceLocation: SourceLocation = #_sourceLocation
) where R.Action: Decodable {
  let log: [ActionLogEntry<R.Action>]
  do {
    let data = try Data(contentsOf: file)
    log = try ActionLogDecoder.decode(R.Action.self, from: data)
  } catch {
    Issue.record(
      error, "Could not read the action log at \(file.path).", sourceLocation: sourceLocation)
    return
  }
  if log.isEmpty {
    Issue.record("The action log at \(file.path) is empty.", sourceLocation: sourceLocation)
  }
  assertReplay(
    log, from: initialState, reducer: reducer, checkpoint: checkpoint,
    sourceLocation: sourceLocation)
}
