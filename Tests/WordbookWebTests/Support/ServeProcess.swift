import Foundation
import Testing
import WordbookTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// `wordbook --db FILE serve --port P` as a learner runs it: the built binary, its output in
/// files the test reads, stopped with SIGTERM as a service manager stops it.
@MainActor
struct ServeProcess {
  /// The built binary, next to the test bundle in the build products folder.
  nonisolated static var executable: URL {
    let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    return bundle.deletingLastPathComponent().appendingPathComponent("wordbook")
  }

  private let process: SpawnedProcess
  private let output: URL
  private let errorFile: URL

  /// Starts `serve` on `database` and `port` with `arguments`, in `folder` (its home and its
  /// temporary files), and waits at most `patience` until it says how to stop it.
  ///
  /// - Parameter name: Names its output files, so that two runs in one folder keep theirs.
  init(
    database: String, port: UInt16, arguments: [String], folder: URL, name: String,
    patience: Duration
  ) async throws {
    output = folder.appendingPathComponent("\(name).out")
    errorFile = folder.appendingPathComponent("\(name).err")
    try Data().write(to: output)
    try Data().write(to: errorFile)
    let command = [Self.executable.path, "--db", database, "serve", "--port", String(port)]
    process = try SpawnedProcess(
      command + arguments,
      environment: [
        "PATH": "/usr/bin:/bin", "HOME": folder.path, "LANG": "C.UTF-8", "TMPDIR": folder.path,
      ],
      output: .file(output.path), errors: .file(errorFile.path))
    let (process, output) = (process, output)
    let started = try await WebTestEnvironment.waitUntil(timeout: patience) {
      !process.isRunning
        || ((try? String(contentsOf: output, encoding: .utf8)) ?? "").contains("Ctrl-C")
    }
    guard started, process.isRunning else {
      _ = await stop()
      throw WebDriver.DriverError(message: "serve did not start: \(printed) \(errors)")
    }
  }

  /// What the server printed so far.
  var printed: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }

  /// What the server wrote to standard error so far.
  var errors: String { (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "" }

  /// The address `serve` printed for this machine's browser.
  var address: String? {
    printed.firstMatch(of: /Study in a browser: (\S+)/).map { String($0.1) }
  }

  /// Stops the server with SIGTERM and returns its exit status.
  func stop() async -> Int32 {
    process.send(SIGTERM)
    await process.exit(within: .seconds(60))
    return process.exitStatus
  }
}
