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
    let process = Process()
    process.executableURL = URL(fileURLWithPath: opener)
    process.arguments = [url]
    do {
      try process.run()
    } catch {
      TerminalOutput.standardError.writeLine(
        "wordbook: " + catalogue.text(.browserNotOpened(opener: opener)))
    }
  }
}
