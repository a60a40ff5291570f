import Foundation
import StoreCore
import Wordbook

/// `wordbook replay FILE`: re-runs a recorded action log through the reducer, without a
/// database, and prints the final state's summary.
@MainActor
enum ReplayCommand {
  /// The shuffle seed of every recorded session, so that a replay shuffles the same way.
  static let recordingSeed: UInt64 = 0x5EED_0F_0AD_5EED

  static func run(file: String, output: TerminalOutput) throws(CommandFailure) {
    var data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: file))
    } catch {
      throw .runtime("cannot read the action log \(file). Check the path.")
    }
    // A session killed while writing leaves a last line without its line feed: every complete
    // line before it was recorded whole, so the replay goes up to there.
    let cutOff = data.last.map { $0 != 0x0A } ?? false
    if cutOff, let lastLineFeed = data.lastIndex(of: 0x0A) {
      data = data[...lastLineFeed]
    } else if cutOff {
      data = Data()
    }
    let entries: [ActionLogEntry<AppAction>]
    do {
      entries = try ActionLogDecoder.decode(AppAction.self, from: data)
    } catch {
      throw .runtime("\(file) is not a wordbook action log (\(error)).")
    }
    let summary = try replay(entries)
    output.writeLine(
      "Replayed \(entries.count) actions from \(file)"
        + (cutOff ? " (its cut-off last line was skipped)." : "."))
    output.writeLine(summary)
  }

  /// Applies every entry to a fresh state; effects are not run, since their results are
  /// themselves entries in the log.
  ///
  /// - Returns: The final state's summary.
  /// - Throws: When the state after an entry differs from the checkpoint recorded with it.
  static func replay(_ entries: [ActionLogEntry<AppAction>]) throws(CommandFailure) -> String {
    let reducer = AppReducer(service: InMemoryWordService())
    var state = AppState(seed: recordingSeed)
    for entry in entries {
      _ = reducer.reduce(into: &state, action: entry.action)
      if let checkpoint = entry.checkpoint, checkpoint != state.checkpointSummary {
        throw .runtime(
          "the replay differs from the recording after action \(entry.sequence). "
            + "The log may come from another version of wordbook.")
      }
    }
    return state.checkpointSummary
  }
}
