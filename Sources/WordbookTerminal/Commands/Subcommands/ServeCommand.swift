import WordbookWeb

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#endif

/// `wordbook serve [--port N] [--host ADDRESS] [--open]`: serves the study page to browsers
/// until SIGINT, SIGTERM or SIGHUP.
struct ServeCommand: Subcommand {
  static let name = "serve"
  static let arguments = "[--port N] [--host ADDRESS] [--open]"
  static let summary = "serve the study page to web browsers"
  static var handlesSignals: Bool { true }

  /// The port to listen on; 0 picks a free one.
  var port: UInt16 = 8080
  /// The IP address to listen on.
  var host = "127.0.0.1"
  /// Whether to open the page in this machine's browser.
  var opensBrowser = false

  func run(in session: CommandSession) async throws(CommandFailure) {
    try await session.serve(self)
  }
}

extension ServeCommand {
  /// Reads `--port N`, `--host ADDRESS` and the flag `--open`.
  ///
  /// - Throws: ``UsageError`` for an unknown option, a port that is not a number from 0 to
  ///   65535, or a positional argument.
  init(parsing arguments: SubcommandArguments) throws(UsageError) {
    let split = try arguments.split(required: 0, options: ["port", "host"], flags: ["open"])
    let port = split.options["port"] ?? "8080"
    guard let number = UInt16(port) else {
      throw UsageError(.invalidPort(port), usage: arguments.usage)
    }
    let host = split.options["host"] ?? "127.0.0.1"
    guard !host.isEmpty else {
      throw UsageError(.hostNeedsAddress, usage: arguments.usage)
    }
    self.init(port: number, host: host, opensBrowser: split.flags.contains("open"))
  }
}

extension CommandSession {
  /// Serves the study page until SIGINT, SIGTERM or SIGHUP, then ends every page's session.
  fileprivate func serve(_ command: ServeCommand) async throws(CommandFailure) {
    let server: WebServer
    do {
      server = try WebServer(service: service, host: command.host, port: command.port)
    } catch {
      throw .runtime(.serverFailed(detail: error.message))
    }
    if !server.isLoopback {
      TerminalOutput.standardError.writeLine(
        "wordbook: " + catalogue.text(.listeningWarning(host: command.host)))
    }
    try out.writeLine(catalogue.text(.serving(url: server.url)))
    if server.listensOnEveryAddress {
      try out.writeLine(catalogue.text(.otherDevices))
    }
    try out.writeLine(catalogue.text(.pressControlC))
    try out.flush()
    let handOver = command.opensBrowser ? openBrowser(server.url) : nil
    let (signals, received) = AsyncStream<Int32>.makeStream()
    let watcher = SignalWatcher(signals: [SIGINT, SIGTERM, SIGHUP]) { received.yield($0) }
    for await _ in signals { break }
    watcher.cancel()
    await server.stop()
    handOver?.remove()
  }

  /// Opens `url` in this machine's browser by way of a ``BrowserHandOver`` page, so that the
  /// token is on no command line (any local user can read those in `ps`); returns the page to
  /// remove once the server stops, or `nil` when no browser could be started.
  private func openBrowser(_ url: String) -> BrowserHandOver? {
    // `BROWSER` is the usual way to name the browser (xdg-open and others read it); otherwise
    // the system's opener picks it.
    let chosen = ProcessInfo.processInfo.environment["BROWSER"]?.split(separator: ":").first
    #if os(macOS)
      let opener = chosen.map(String.init) ?? "/usr/bin/open"
    #else
      let opener = chosen.map(String.init) ?? "/usr/bin/xdg-open"
    #endif
    guard let handOver = BrowserHandOver(url: url) else {
      TerminalOutput.standardError.writeLine(
        "wordbook: " + catalogue.text(.browserNotOpened(opener: opener)))
      return nil
    }
    // The opener's own output would land in the middle of the server's lines.
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for descriptor: Int32 in [0, 1, 2] {
      posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_RDWR, 0)
    }
    let argv: [UnsafeMutablePointer<CChar>?] = [strdup(opener), strdup(handOver.path), nil]
    defer { for pointer in argv { free(pointer) } }
    // The opener is the only child `serve` starts, and nothing waits for it: the system
    // reaps it when it exits, so it leaves no zombie behind for as long as the server runs.
    signal(SIGCHLD, SIG_IGN)
    var pid = pid_t()
    guard posix_spawnp(&pid, opener, &actions, nil, argv, environ) == 0 else {
      TerminalOutput.standardError.writeLine(
        "wordbook: " + catalogue.text(.browserNotOpened(opener: opener)))
      handOver.remove()
      return nil
    }
    return handOver
  }
}
