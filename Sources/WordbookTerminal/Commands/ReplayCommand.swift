import StoreCore
import Wordbook

#if canImport(Glibc)
  import Glibc
#endif

/// `wordbook replay FILE`: re-runs a recorded action log through the reducer, without a
/// database, and prints the final state's summary.
///
/// The log is read an entry at a time, so memory holds the replayed state and one chunk of the
/// file, whatever its size. Everything from the log or the path is escaped before it is printed.
@MainActor
enum ReplayCommand {
  /// The shuffle seed of every recorded session, so that a replay shuffles the same way.
  static let recordingSeed: UInt64 = 0x5EED_0F_0AD_5EED

  static func run(file: String, output: TerminalOutput) throws(CommandFailure) {
    let name = file.escapedForTerminal
    let descriptor = Glibc.open(file, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .runtime("cannot read the action log \(name). Check the path.")
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT != S_IFDIR else {
      throw .runtime("cannot read the action log \(name): it is a folder. Check the path.")
    }
    var reader = ActionLogReader<AppAction>(fileDescriptor: descriptor)
    var replay = Replay()
    while true {
      let entry: ActionLogEntry<AppAction>?
      do {
        entry = try reader.next()
      } catch {
        throw .runtime(
          "\(name) is not a wordbook action log (\(error.description.escapedForTerminal)).")
      }
      guard let entry else { break }
      try replay.apply(entry)
    }
    // A session killed while writing leaves a last line without its line feed: every complete
    // line before it was recorded whole, so the replay goes up to there.
    output.writeLine(
      "Replayed \(replay.count) actions from \(name)"
        + (reader.skippedCutOffLine ? " (its cut-off last line was skipped)." : "."))
    for line in replay.state.checkpointSummary.split(separator: "\n") {
      output.writeLine(String(line).escapedForTerminal)
    }
  }

  /// Applies every entry to a fresh state; effects are not run, since their results are
  /// themselves entries in the log.
  ///
  /// - Returns: The final state's summary.
  /// - Throws: When the state after an entry differs from the checkpoint recorded with it.
  static func replay(_ entries: [ActionLogEntry<AppAction>]) throws(CommandFailure) -> String {
    var replay = Replay()
    for entry in entries { try replay.apply(entry) }
    return replay.state.checkpointSummary
  }

  /// A replay in progress: the state after the entries applied so far.
  @MainActor
  private struct Replay {
    let reducer = AppReducer(service: InMemoryWordService())
    var state = AppState(seed: recordingSeed)
    /// The number of entries applied.
    var count = 0

    /// Applies `entry`; effects are not run, since their results are entries of their own.
    ///
    /// - Throws: When the state after it differs from the checkpoint recorded with it.
    mutating func apply(_ entry: ActionLogEntry<AppAction>) throws(CommandFailure) {
      _ = reducer.reduce(into: &state, action: entry.action)
      count += 1
      if let checkpoint = entry.checkpoint, checkpoint != state.checkpointSummary {
        throw .runtime(
          "the replay differs from the recording after action \(entry.sequence). "
            + "The log may come from another version of wordbook.")
      }
    }
  }
}
