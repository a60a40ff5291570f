import StoreCore
import Wordbook

#if canImport(Glibc)
  import Glibc
#endif

/// `wordbook replay FILE`: re-runs a recorded action log through the reducer, without a
/// database, and prints the final state's summary, or where the replay first differs from the
/// recording with a diff of the two states.
///
/// The log is read an entry at a time, so memory holds the replayed state and one chunk of the
/// file, whatever its size. Everything from the log or the path is escaped before it is printed.
struct ReplayCommand: Subcommand, StandaloneCommand {
  static let name = "replay"
  static let arguments = "FILE"
  static let summary = "re-run a --record log and print the result"

  /// The shuffle seed of sessions recorded before logs carried their seed in the header, so
  /// that a replay of such a log shuffles the same way.
  static let recordingSeed: UInt64 = 0x5EED_0F_0AD_5EED

  /// The log to replay.
  var file: String

  func run(output: TerminalOutput, catalogue: any TerminalCatalogue) throws(CommandFailure) {
    let name = file
    let descriptor = Glibc.open(file, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .runtime(.cannotReadLog(name))
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT != S_IFDIR else {
      throw .runtime(.logIsFolder(name))
    }
    var reader = ActionLogReader<AppAction>(fileDescriptor: descriptor)
    var replay: ActionLogReplay<AppReducer>?
    while true {
      let entry: ActionLogEntry<AppAction>?
      do {
        entry = try reader.next()
      } catch {
        throw .runtime(.notALog(name, detail: error.description))
      }
      guard let entry else { break }
      // The header, read with the first entry, says which seed the session started from.
      if replay == nil { replay = Self.start(seed: reader.header?.seed) }
      replay?.apply(entry)
    }
    let finished = replay ?? Self.start(seed: reader.header?.seed)
    if let divergence = finished.divergence {
      for line in divergence.description.split(separator: "\n") {
        output.writeLine(String(line).escapedForTerminal)
      }
      throw Self.differs(at: divergence)
    }
    // A session killed while writing leaves a last line without its line feed: every complete
    // line before it was recorded whole, so the replay goes up to there.
    output.writeLine(
      catalogue.text(
        .replayed(count: finished.count, log: name, cutOff: reader.skippedCutOffLine)))
    for line in finished.state.checkpointSummary.split(separator: "\n") {
      output.writeLine(String(line).escapedForTerminal)
    }
  }

  /// Applies every entry to a fresh state; effects are not run, since their results are
  /// themselves entries in the log.
  ///
  /// - Parameters:
  ///   - entries: The log's entries.
  ///   - seed: The seed from the log's header, if it has one.
  /// - Returns: The final state's summary.
  /// - Throws: When the state after an entry differs from the checkpoint recorded with it.
  static func replay(_ entries: [ActionLogEntry<AppAction>], seed: UInt64? = nil)
    throws(CommandFailure) -> String
  {
    var replay = start(seed: seed)
    for entry in entries { replay.apply(entry) }
    if let divergence = replay.divergence { throw differs(at: divergence) }
    return replay.state.checkpointSummary
  }

  private static func start(seed: UInt64?) -> ActionLogReplay<AppReducer> {
    ActionLogReplay(
      from: AppState(seed: seed ?? recordingSeed),
      reducer: AppReducer(service: InMemoryWordService()),
      checkpoint: \.checkpointSummary)
  }

  private static func differs(at divergence: ReplayDivergence) -> CommandFailure {
    .runtime(.replayDiffers(sequence: divergence.sequence))
  }
}

extension ReplayCommand {
  init(parsing arguments: SubcommandArguments) throws(UsageError) {
    file = try arguments.split(required: 1).values[0]
  }
}
