import WordbookWeb

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#endif

extension CommandSession {
  /// Serves the study page until SIGINT or SIGTERM, then ends every page's session.
  func serve(_ request: ServeRequest) async throws(CommandFailure) {
    let server: WebServer
    do {
      server = try WebServer(service: service, host: request.host, port: request.port)
    } catch {
      throw .runtime(.serverFailed(detail: error.message))
    }
    if !server.isLoopback {
      TerminalOutput.standardError.writeLine(
        "wordbook: " + catalogue.text(.listeningWarning(host: request.host)))
    }
    try out.writeLine(catalogue.text(.serving(url: server.url)))
    if !server.isLoopback, request.host == "0.0.0.0" || request.host == "::" {
      try out.writeLine(catalogue.text(.otherDevices))
    }
    try out.writeLine(catalogue.text(.pressControlC))
    try out.flush()
    if request.opensBrowser { openBrowser(server.url) }
    let (signals, received) = AsyncStream<Int32>.makeStream()
    let watcher = SignalWatcher(signals: [SIGINT, SIGTERM]) { received.yield($0) }
    for await _ in signals { break }
    watcher.cancel()
    await server.stop()
  }

  private func openBrowser(_ url: String) {
    #if os(macOS)
      let opener = "/usr/bin/open"
    #else
      let opener = "/usr/bin/xdg-open"
    #endif
    // The opener's own output would land in the middle of the server's lines.
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for descriptor: Int32 in [0, 1, 2] {
      posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_RDWR, 0)
    }
    let argv: [UnsafeMutablePointer<CChar>?] = [strdup(opener), strdup(url), nil]
    defer { for pointer in argv { free(pointer) } }
    // The opener is the only child `serve` starts, and nothing waits for it: the system
    // reaps it when it exits, so it leaves no zombie behind for as long as the server runs.
    signal(SIGCHLD, SIG_IGN)
    var pid = pid_t()
    guard posix_spawn(&pid, opener, &actions, nil, argv, environ) == 0 else {
      TerminalOutput.standardError.writeLine(
        "wordbook: " + catalogue.text(.browserNotOpened(opener: opener)))
      return
    }
  }
}
