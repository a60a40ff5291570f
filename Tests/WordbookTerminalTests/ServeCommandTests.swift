import Foundation
import Testing
import WordbookTestSupport

@testable import WordbookTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// Whether libmicrohttpd can be loaded, as `wordbook serve` loads it.
let serveLibraryIsInstalled: Bool = {
  guard let handle = dlopen("libmicrohttpd.so.12", RTLD_NOW | RTLD_LOCAL) else { return false }
  dlclose(handle)
  return true
}()

/// `wordbook serve` as a process: what it prints, the warning off loopback, how it stops,
/// how it hands the address to a browser and what it logs.
@Suite(.enabled(if: serveLibraryIsInstalled, "libmicrohttpd12 is not installed"))
struct ServeCommandTests {
  @Test(arguments: [("127.0.0.1", false), ("0.0.0.0", true)])
  func printsTheAddressWithATokenAndStopsOnSIGINT(host: String, warns: Bool) async throws {
    let serving = try await Serving(["--host", host])
    let printed = serving.printed
    let errors = serving.errors
    let status = await serving.stop()
    #expect(
      printed.contains(
        /Study in a browser: http:\/\/127\.0\.0\.1:\d+\/[0-9a-f]{32}\/\?token=[0-9a-f]{64}\n/))
    #expect(status == 0)
    #expect(errors.contains("warning: listening on 0.0.0.0") == warns)
  }

  /// Every way of writing "every address" is printed as loopback, with the address of this
  /// machine on its network for other devices, or the hint to use it when it has none.
  @Test(arguments: ["0", "0.0.0.0", "::", "[::]", "::0"])
  func everyWildcardAddressGetsTheOtherDevicesHint(host: String) async throws {
    let serving = try await Serving(["--host", host])
    let printed = serving.printed
    let errors = serving.errors
    #expect(await serving.stop() == 0)
    #expect(
      printed.contains(/Study in a browser: http:\/\/(127\.0\.0\.1|\[::1\]):\d+\//), "\(printed)")
    if let address = LocalNetwork.address() {
      #expect(printed.contains("From a phone on this network: http://\(address):"), "\(printed)")
    } else {
      #expect(printed.contains("From another device"), "\(printed)")
    }
    #expect(errors.contains("warning: listening on"))
  }

  /// The opener (here a script named by `BROWSER`, as xdg-open reads it) gets the path of a
  /// page only the learner can read, never the token, which `ps` would show every local user.
  @Test func openHandsTheBrowserAPageInsteadOfTheToken() async throws {
    let runner = try WordbookProcess()
    let script = runner.folder.appendingPathComponent("browser")
    let recorded = runner.folder.appendingPathComponent("argv")
    try Data(
      """
      #!/bin/sh
      printf '%s\\n' "$0" "$@" > '\(recorded.path).part'
      mv '\(recorded.path).part' '\(recorded.path)'

      """.utf8
    ).write(to: script)
    try #require(chmod(script.path, 0o755) == 0)
    let serving = try await Serving(
      ["--open"], runner: runner, environment: ["BROWSER": script.path])
    // Under CI's load, starting the opener's shell can take longer than the default wait.
    let opened = try await Self.waitUntil(timeout: .seconds(60)) {
      FileManager.default.fileExists(atPath: recorded.path)
    }
    let argv = (try? String(contentsOf: recorded, encoding: .utf8)) ?? ""
    let token = try #require(serving.printed.firstMatch(of: /token=([0-9a-f]{64})/)).1
    let url = try #require(serving.printed.firstMatch(of: /http:\/\/\S+/)).0
    let page = try #require(
      argv.split(separator: "\n").dropFirst().first.map(String.init), "opened \(opened): \(argv)")
    let pageText = (try? String(contentsOfFile: page, encoding: .utf8)) ?? ""
    var file = stat()
    var folder = stat()
    let found =
      stat(page, &file) == 0 && stat((page as NSString).deletingLastPathComponent, &folder) == 0
    #expect(await serving.stop() == 0)
    #expect(opened)
    #expect(!argv.contains(token), "\(argv)")
    #expect(found)
    #expect(file.st_mode & 0o777 == 0o600)
    #expect(folder.st_mode & 0o777 == 0o700)
    #expect(pageText.contains("url=\(url)"))
    // The page goes when the server does.
    #expect(!FileManager.default.fileExists(atPath: page))
    #expect(!FileManager.default.fileExists(atPath: (page as NSString).deletingLastPathComponent))
  }

  /// A closed tab is the normal end of a page's event stream, not an error to print.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/curl")))
  func aClosedPageIsNotLoggedAsAnError() async throws {
    let serving = try await Serving([])
    let token = try #require(serving.printed.firstMatch(of: /token=([0-9a-f]{64})/)).1
    let home = try #require(serving.printed.firstMatch(of: /(http:\/\/\S+\/)\?token=/)).1
    let before = serving.openSockets
    // A page that opens its event stream and is closed after a second.
    let curl = try SpawnedProcess([
      "/usr/bin/curl", "-s", "-N", "--max-time", "1", "-H", "Cookie: wordbook_token=\(token)",
      "\(home)events",
    ])
    let curlEnded = await curl.exit(within: .seconds(60))
    // The server notices on its second keep-alive after the close, about 10 s later.
    let noticed = try await Self.waitUntil(timeout: .seconds(40)) {
      serving.openSockets <= before
    }
    let errors = serving.errors
    #expect(await serving.stop() == 0)
    #expect(curlEnded)
    #expect(noticed)
    #expect(!errors.contains("Failed to send"), "\(errors)")
    #expect(!errors.contains("web server"), "\(errors)")
  }

  /// Waits for `condition`, polling every 50 ms for at most `timeout`.
  static func waitUntil(
    timeout: Duration = .seconds(60), _ condition: () throws -> Bool
  ) async throws -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while clock.now < deadline {
      if try condition() { return true }
      try await Task.sleep(for: .milliseconds(50))
    }
    return try condition()
  }
}

/// One `wordbook serve --port 0` process, started and waited for until it says how to stop it.
struct Serving {
  let runner: WordbookProcess
  let process: SpawnedProcess
  private let output: URL
  private let errorFile: URL

  init(
    _ arguments: [String], runner: WordbookProcess? = nil, environment: [String: String] = [:]
  ) async throws {
    let runner = try runner ?? WordbookProcess()
    self.runner = runner
    output = runner.folder.appendingPathComponent("serve.out")
    errorFile = runner.folder.appendingPathComponent("serve.err")
    try Data().write(to: output)
    try Data().write(to: errorFile)
    process = try SpawnedProcess(
      [WordbookProcess.executable.path, "--db", runner.databasePath, "serve", "--port", "0"]
        + arguments,
      environment: runner.environment.merging(environment) { $1 }, output: .file(output.path),
      errors: .file(errorFile.path))
    let process = process
    let output = output
    _ = try await ServeCommandTests.waitUntil {
      !process.isRunning
        || ((try? String(contentsOf: output, encoding: .utf8)) ?? "").contains("Ctrl-C")
    }
  }

  /// What the server printed so far.
  var printed: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }

  /// What the server wrote to standard error so far.
  var errors: String { (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "" }

  /// How many sockets the server has open, from /proc.
  var openSockets: Int {
    let folder = "/proc/\(process.pid)/fd"
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return entries.filter {
      ((try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)")) ?? "")
        .hasPrefix("socket:")
    }.count
  }

  /// Stops the server with SIGINT, removes its folder (and so what it printed: read that
  /// first) unless `keepingFolder`, and returns its exit status.
  func stop(keepingFolder: Bool = false) async -> Int32 {
    process.send(SIGINT)
    await process.exit(within: .seconds(60))
    if !keepingFolder { try? FileManager.default.removeItem(at: runner.folder) }
    return process.exitStatus
  }
}
