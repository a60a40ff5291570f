import Dispatch
import StoreCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Ends a command within a second of SIGINT, SIGTERM or SIGHUP, whatever it is doing.
///
/// A signal first cancels the command's cancellable work (an import's transaction, which then
/// rolls back) and gives the command ``gracePeriod`` to end by itself; it then reports the
/// signal as its failure. Work that cannot notice a cancellation (a read blocked on a pipe, a
/// package being inflated, pictures being written) is ended by the watcher: it deletes the
/// temporary files registered with it, writes the same one line and exits with 128 + the signal.
/// An exit in the middle of a transaction loses nothing that was acknowledged: SQLite never
/// keeps an unfinished transaction, as the tests that kill a writing process show.
///
/// The watcher runs on a queue of its own, so it acts while the main thread is busy. It is
/// process-wide, as signals are; the study screen and `serve` handle their signals themselves
/// and never start it.
final class CommandInterruption: Sendable {
  /// The one watcher of the process.
  static let shared = CommandInterruption()

  /// How long a command may take to end by itself after a signal.
  static let gracePeriod: Duration = .milliseconds(400)

  /// When the watcher exits after a signal even with temporary files left: deleting takes about
  /// a millisecond a file on a disk mounted with `discard`, and a package's pictures may be
  /// thousands. The staging folder is renamed first, and the next import deletes what is left.
  static let exitDeadline: Duration = .milliseconds(950)

  /// The signals that end a command.
  static let signals = [SIGINT, SIGTERM, SIGHUP]

  private struct State {
    /// The signal received, once one was.
    var signal: Int32?
    /// Whether the command ended (or the watcher is ending it): later signals change nothing.
    var isEnded = false
    /// Whether the watcher is ending the process itself.
    var isExiting = false
    var nextKey = 0
    var cancellations: [Int: @Sendable () -> Void] = [:]
    var temporaryPaths: [Int: String] = [:]
  }

  private let state = Locked(State())
  private let queue = DispatchQueue(label: "wordbook.interruption")
  /// Kept for as long as the process runs: dropping it would stop the watching.
  private let watcher = Locked<SignalWatcher?>(nil)

  private init() {}

  /// Starts watching the signals for a new command, and returns once the system delivers them
  /// to the watcher (at once, or within 10 seconds on a machine under load); `message` words the line written when a signal ends it.
  ///
  /// The wait keeps a signal from being lost once the command's work has begun: between the
  /// watcher ignoring a signal's default action and its source's registration, which the
  /// system completes on a thread of its own, a signal reaches neither. Seen under load: a
  /// SIGTERM sent as soon as `add` had opened a locked database left it to wait out the busy
  /// timeout. A bound of one second was seen passed with both cores busy.
  @MainActor func start(message: @escaping @Sendable (Int32) -> String) {
    state.withLock { $0 = State() }
    let registrations = DispatchGroup()
    for _ in Self.signals { registrations.enter() }
    let started = SignalWatcher(
      signals: Self.signals, queue: queue, registered: { registrations.leave() },
      handler: { [self] number in received(number, message: message) })
    _ = registrations.wait(timeout: .now() + 10)
    watcher.withLock { watcher in
      watcher?.cancel()
      watcher = started
    }
  }

  /// The signal that asked the command to stop, if one did.
  var signal: Int32? { state.withLock { $0.signal } }

  /// Runs `cancel` when a signal arrives (at once if one already has), until the returned
  /// key is given to ``remove(_:)``.
  func onSignal(_ cancel: @escaping @Sendable () -> Void) -> Int {
    let (key, received) = state.withLock { state in
      state.nextKey += 1
      state.cancellations[state.nextKey] = cancel
      return (state.nextKey, state.signal != nil)
    }
    if received { cancel() }
    return key
  }

  /// Registers a temporary file, or a folder of files, to delete when the watcher has to end
  /// the command itself, until the returned key is given to ``remove(_:)``.
  func deleteOnExit(_ path: String) -> Int {
    state.withLock { state in
      state.nextKey += 1
      state.temporaryPaths[state.nextKey] = path
      return state.nextKey
    }
  }

  /// Forgets a cancellation or a temporary file registered before.
  func remove(_ key: Int) {
    state.withLock { state in
      state.cancellations[key] = nil
      state.temporaryPaths[key] = nil
    }
  }

  /// Marks the command as ended, so the watcher no longer ends it; returns the signal that
  /// stopped it, if one did.
  ///
  /// When the watcher is already ending the process (deleting its files), this waits for the
  /// exit instead: returning would let the process exit before they are gone.
  func end() -> Int32? {
    let (signal, isExiting) = state.withLock { state in
      state.isEnded = true
      return (state.signal, state.isExiting)
    }
    while isExiting { pause() }
    return signal
  }

  private func received(_ number: Int32, message: @escaping @Sendable (Int32) -> String) {
    let cancellations: [@Sendable () -> Void]? = state.withLock { state in
      guard state.signal == nil, !state.isEnded else { return nil }
      state.signal = number
      return Array(state.cancellations.values)
    }
    guard let cancellations else { return }
    let deadline = ContinuousClock.now + Self.exitDeadline
    for cancel in cancellations { cancel() }
    queue.asyncAfter(deadline: .now() + Self.milliseconds(Self.gracePeriod)) { [self] in
      let paths: [String]? = state.withLock { state in
        guard !state.isEnded else { return nil }
        state.isEnded = true
        state.isExiting = true
        return Array(state.temporaryPaths.values)
      }
      guard let paths else { return }
      for path in paths { Self.delete(path, before: deadline) }
      let error = TerminalOutput.standardError
      // An import's running count may be on the line.
      if error.isTerminal { error.write("\r\u{1B}[K") }
      error.writeLine("wordbook: " + message(number).escapedForTerminal)
      _exit(128 + number)
    }
  }

  private static func milliseconds(_ duration: Duration) -> DispatchTimeInterval {
    let (seconds, attoseconds) = duration.components
    return .milliseconds(Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
  }

  /// Deletes a file, or a folder and what it holds.
  ///
  /// The command may still be writing: a file it holds open is written to no name once
  /// unlinked, and a folder is first renamed, so the files the command creates after that fail
  /// instead of landing in a folder being emptied. A folder's files are deleted until
  /// `deadline`.
  private static func delete(_ path: String, before deadline: ContinuousClock.Instant) {
    guard unlink(path) != 0, errno == EISDIR || errno == EPERM else { return }
    let doomed = path + ".deleting"
    guard rename(path, doomed) == 0 else { return }
    deleteTree(doomed, before: deadline)
  }

  /// Deletes a folder nothing writes to any more and what it holds, until `deadline`.
  private static func deleteTree(_ folder: String, before deadline: ContinuousClock.Instant) {
    // The names are read first: a folder changed while it is read may skip entries.
    guard let stream = opendir(folder) else { return }
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    closedir(stream)
    for name in names {
      guard ContinuousClock.now < deadline else { return }
      let child = folder + "/" + name
      if unlink(child) != 0, errno == EISDIR || errno == EPERM {
        deleteTree(child, before: deadline)
      }
    }
    rmdir(folder)
  }
}
