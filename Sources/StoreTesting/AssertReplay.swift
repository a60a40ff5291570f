import Foundation
import StoreCore
import Testing

/// Replays an action log through `reducer` and fails the test at the first divergence, with
/// its step number, the action and a diff of the checkpoints.
///
/// It is `StoreCore`'s `replay(_:from:reducer:checkpoint:)` turned into a test
/// assertion.
///
/// ```swift
/// @Test func recordedSession() {
///   assertReplay(
///     log, from: TodoState(), reducer: Todos(fetch: { [] }), checkpoint: { textDump(of: $0) })
/// }
/// ```
///
/// - Parameters:
///   - log: The entries a live store recorded, in order.
///   - initialState: The state the live store started from.
///   - reducer: The reducer to replay through.
///   - checkpoint: The same summary the live store's `checkpoint` closure made.
///   - sourceLocation: Where the assertion is written (filled in for you).
/// - Returns: The state after the last entry, to check further.
@discardableResult
public func assertReplay<R: Reducer>(
  _ log: [ActionLogEntry<R.Action>],
  from initialState: R.State,
  reducer: R,
  checkpoint: @escaping (R.State) -> String,
  sourceLocation: SourceLocation = #_sourceLocation
) -> R.State {
  let result = replay(log, from: initialState, reducer: reducer, checkpoint: checkpoint)
  if let divergence = result.divergence {
    Issue.record(Comment(rawValue: divergence.description), sourceLocation: sourceLocation)
  }
  return result.state
}

/// Reads a JSON Lines action log (as `JSONLinesActionRecorder` writes it) and replays it,
/// failing the test at the first divergence or when the file cannot be read.
///
/// ```swift
/// @Test func recordedSession() {
///   let log = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
///     .appendingPathComponent("Logs/session.jsonl")
///   assertReplay(
///     logAt: log, from: TodoState(), reducer: Todos(fetch: { [] }),
///     checkpoint: { textDump(of: $0) })
/// }
/// ```
///
/// - Parameters:
///   - file: The `.jsonl` log.
///   - initialState: The state the live store started from.
///   - reducer: The reducer to replay through.
///   - checkpoint: The same summary the live store's `checkpoint` closure made.
///   - sourceLocation: Where the assertion is written (filled in for you).
/// - Returns: The state after the last entry, or `nil` when the file could not be read.
@discardableResult
public func assertReplay<R: Reducer>(
  logAt file: URL,
  from initialState: R.State,
  reducer: R,
  checkpoint: @escaping (R.State) -> String,
  sourceLocation: SourceLocation = #_sourceLocation
) -> R.State? where R.Action: Decodable {
  let log: [ActionLogEntry<R.Action>]
  do {
    let data = try Data(contentsOf: file)
    log = try ActionLogDecoder.decode(R.Action.self, from: data)
  } catch {
    Issue.record(
      error, "Could not read the action log at \(file.path).", sourceLocation: sourceLocation)
    return nil
  }
  if log.isEmpty {
    Issue.record("The action log at \(file.path) is empty.", sourceLocation: sourceLocation)
  }
  return assertReplay(
    log, from: initialState, reducer: reducer, checkpoint: checkpoint,
    sourceLocation: sourceLocation)
}
