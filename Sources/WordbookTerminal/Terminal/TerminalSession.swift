import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a ``TerminalApplication`` on the process's terminal: raw mode, the alternate screen,
/// keys, resizing and signals.
///
/// The terminal is restored on every way out: the application quitting, Ctrl-C, end of input,
/// SIGTERM, SIGINT, SIGHUP, SIGQUIT and thrown errors. Ctrl-Z (or SIGTSTP) restores it and stops
/// the process; when the shell continues it (`fg`), raw mode and the screen come back. Nothing
/// polls: keys, signals and redraw requests arrive as events.
///
/// The screen is drawn once per turn of the event loop: keys, redraw requests and resizes mark
/// it out of date, and it is drawn after every event that was ready has been handled, so a
/// key that changes the state several times writes one frame.
@MainActor
public final class TerminalSession {
  /// Why a session ended.
  public enum Ending: Hashable, Sendable {
    /// The application asked to quit.
    case quit
    /// The user pressed Ctrl-C.
    case interrupted
    /// Standard input was closed.
    case endOfInput
    /// The process received a signal that ends it.
    case signal(Int32)
  }

  private enum Event: Sendable {
    case input([UInt8])
    case endOfInput
    case resize
    case signal(Int32)
    case draw
    case flushEscape
    case suspend
    case resume
    /// The system delivers one more of the watched signals to the session.
    case watching
  }

  private let input: Int32
  private let output: TerminalOutput
  private var parser = KeyParser()
  private var size: TerminalSize
  private var pendingEscapeFlush: DispatchWorkItem?
  /// Whether the screen is out of date; a ``Event/draw`` event is then on its way, behind the
  /// events already waiting.
  private var needsDraw = false
  private var isSuspended = false
  /// How many of the watched signals the system does not deliver to the session yet. The
  /// screen shows once it is none: between ignoring a signal's default action and its
  /// source's registration, which the system completes on a thread of its own (a while on a
  /// machine under load), a signal reaches no one, and a SIGTERM sent at the sight of the
  /// screen would be lost.
  private var signalsNotWatched = 0
  private let events: AsyncStream<Event>
  private let continuation: AsyncStream<Event>.Continuation

  /// Creates a session on standard input and standard output.
  public init(input: Int32 = STDIN_FILENO, output: TerminalOutput = .standardOutput) {
    self.input = input
    self.output = output
    size = TerminalSize.current(of: output.descriptor) ?? .fallback
    (events, continuation) = AsyncStream.makeStream(of: Event.self)
  }

  /// Runs `application` until it quits or the session is ended.
  ///
  /// - Returns: Why the session ended.
  /// - Throws: ``TerminalError`` when standard input is not a terminal.
  public func run(_ application: some TerminalApplication) async throws(TerminalError) -> Ending {
    let rawMode = try RawMode(descriptor: input)
    enterScreen()
    defer { leaveScreen(rawMode) }
    let continuation = continuation
    let watched = [SIGWINCH, SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT]
    signalsNotWatched = watched.count
    let signals = SignalWatcher(
      signals: watched, registered: { continuation.yield(.watching) },
      handler: { number in
        switch number {
        case SIGWINCH: continuation.yield(.resize)
        case SIGTSTP: continuation.yield(.suspend)
        case SIGCONT: continuation.yield(.resume)
        default: continuation.yield(.signal(number))
        }
      })
    defer { signals.cancel() }
    let reader = makeReader()
    defer { reader.cancel() }
    application.start { self.setNeedsDraw() }
    defer { application.stop() }
    setNeedsDraw()
    for await event in events {
      switch event {
      case .suspend:
        // Continuing the process delivers SIGCONT, whose event takes the terminal back.
        suspend(rawMode)
      case .resume:
        resume(rawMode, application: application)
      default:
        if let ending = handle(event, application: application) { return ending }
      }
      if application.isFinished { return .quit }
    }
    return .endOfInput
  }

  /// The alternate screen with the cursor hidden, so quitting gives the user's scrollback back
  /// intact.
  private func enterScreen() {
    output.write("\u{1B}[?1049h\u{1B}[?25l")
  }

  private func leaveScreen(_ rawMode: RawMode) {
    output.write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
    rawMode.restore()
  }

  /// Gives the terminal back to the shell and stops the process until it is continued.
  ///
  /// SIGSTOP rather than SIGTSTP: the kernel discards a stop signal whose default action would
  /// stop a process in an orphaned process group, and SIGSTOP cannot be discarded.
  private func suspend(_ rawMode: RawMode) {
    leaveScreen(rawMode)
    isSuspended = true
    kill(getpid(), SIGSTOP)
  }

  /// Takes the terminal again after the process was continued, whoever stopped it.
  private func resume(_ rawMode: RawMode, application: some TerminalApplication) {
    try? rawMode.apply()
    enterScreen()
    isSuspended = false
    size = TerminalSize.current(of: output.descriptor) ?? size
    needsDraw = false
    draw(application)
  }

  private func handle(_ event: Event, application: some TerminalApplication) -> Ending? {
    switch event {
    case .input(let bytes):
      pendingEscapeFlush?.cancel()
      let keys = parser.feed(bytes)
      if let ending = deliver(keys, to: application) { return ending }
      if parser.hasPendingBytes { scheduleEscapeFlush() }
    case .flushEscape:
      if let ending = deliver(parser.flush(), to: application) { return ending }
    case .endOfInput:
      return .endOfInput
    case .resize:
      size = TerminalSize.current(of: output.descriptor) ?? size
      setNeedsDraw()
    case .signal(let number):
      return .signal(number)
    case .draw:
      // A draw that was on its way when the process stopped waits for it to continue, which
      // draws anyway: the terminal is the shell's meanwhile. The first waits for the signals.
      guard !isSuspended, signalsNotWatched == 0 else { break }
      needsDraw = false
      draw(application)
    case .watching:
      signalsNotWatched -= 1
      guard signalsNotWatched == 0 else { break }
      // The window may have changed size since `init` read it, before SIGWINCH was watched.
      size = TerminalSize.current(of: output.descriptor) ?? size
      needsDraw = false
      draw(application)
    case .suspend, .resume:
      break
    }
    return nil
  }

  private func deliver(_ keys: [Key], to application: some TerminalApplication) -> Ending? {
    guard !keys.isEmpty else { return nil }
    for key in keys {
      if key == .interrupt { return .interrupted }
      if key == .suspend {
        continuation.yield(.suspend)
        continue
      }
      if !application.handle(key) { return .quit }
    }
    setNeedsDraw()
    return nil
  }

  /// Marks the screen out of date. It is drawn once the events already waiting have been
  /// handled, however many of them change it.
  private func setNeedsDraw() {
    guard !needsDraw else { return }
    needsDraw = true
    continuation.yield(.draw)
  }

  /// A lone Escape is only known to be the Escape key when nothing follows it shortly.
  private func scheduleEscapeFlush() {
    let continuation = continuation
    let item = DispatchWorkItem { continuation.yield(.flushEscape) }
    pendingEscapeFlush = item
    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(50), execute: item)
  }

  private func makeReader() -> any DispatchSourceRead {
    let continuation = continuation
    let descriptor = input
    let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main)
    source.setEventHandler {
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        continuation.yield(.input(Array(buffer[0..<count])))
      } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
        continuation.yield(.endOfInput)
      }
    }
    source.resume()
    return source
  }

  private func draw(_ application: some TerminalApplication) {
    let lines = application.frame(size: size)
    var frame = "\u{1B}[H"
    for (index, line) in lines.prefix(size.rows).enumerated() {
      // Each row is cleared before it is drawn, not after: a terminal may draw an emoji
      // sequence narrower than `terminalColumns` counts it, and the last frame's cells must
      // not show through at the end of a row the screen believes full.
      frame += "\u{1B}[2K" + line
      if index < min(lines.count, size.rows) - 1 { frame += "\r\n" }
    }
    frame += "\u{1B}[J"
    output.write(frame)
  }
}
