import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Whether libmicrohttpd can be loaded, as `wordbook serve` loads it.
private let serveLibraryIsInstalled: Bool = {
  guard let handle = dlopen("libmicrohttpd.so.12", RTLD_NOW | RTLD_LOCAL) else { return false }
  dlclose(handle)
  return true
}()

/// `wordbook serve` as a process: what it prints, the warning off loopback, how it stops.
@Suite(.enabled(if: serveLibraryIsInstalled, "libmicrohttpd12 is not installed"))
struct ServeCommandTests {
  @Test(arguments: [("127.0.0.1", false), ("0.0.0.0", true)])
  func printsTheAddressWithATokenAndStopsOnSIGINT(host: String, warns: Bool) async throws {
    let runner = try WordbookProcess()
    defer { try? FileManager.default.removeItem(at: runner.folder) }
    let output = runner.folder.appendingPathComponent("serve.out")
    let errors = runner.folder.appendingPathComponent("serve.err")
    try Data().write(to: output)
    try Data().write(to: errors)
    let process = Process()
    process.executableURL = WordbookProcess.executable
    process.arguments = ["--db", runner.databasePath, "serve", "--port", "0", "--host", host]
    process.environment = runner.environment
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = try FileHandle(forWritingTo: errors)
    try process.run()
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(20)
    var printed = ""
    while clock.now < deadline, !printed.contains("Ctrl-C"), process.isRunning {
      try await Task.sleep(for: .milliseconds(50))
      printed = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    }
    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    #expect(
      printed.contains(/Study in a browser: http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{64}\n/))
    #expect(process.terminationStatus == 0)
    let warning = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
    #expect(warning.contains("warning: listening on 0.0.0.0") == warns)
  }
}
