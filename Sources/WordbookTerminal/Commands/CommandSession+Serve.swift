import Foundation
import WordbookWeb

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
      throw .runtime(error.message)
    }
    if !server.isLoopback {
      TerminalOutput.standardError.writeLine(
        "wordbook: warning: listening on \(request.host.escapedForTerminal), so other machines "
          + "can reach this server. Anyone with the address below can study and change your "
          + "words; share it only with your own devices, on a network you trust.")
    }
    try out.writeLine("Study in a browser: \(server.url)")
    if !server.isLoopback, request.host == "0.0.0.0" || request.host == "::" {
      try out.writeLine(
        "From another device, put this machine's network address in place of 127.0.0.1.")
    }
    try out.writeLine("Press Ctrl-C to stop.")
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
    let process = Process()
    process.executableURL = URL(fileURLWithPath: opener)
    process.arguments = [url]
    do {
      try process.run()
    } catch {
      TerminalOutput.standardError.writeLine(
        "wordbook: could not open a browser with \(opener); open the address above yourself.")
    }
  }
}
