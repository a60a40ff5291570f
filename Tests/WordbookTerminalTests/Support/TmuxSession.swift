import Foundation
import WordbookTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A program running in a detached tmux session: a real terminal emulator that draws text the
/// way it decides to, whatever the program believed the widths to be.
///
/// Each session has its own tmux server, whose socket lives in a folder the session owns, so
/// the server is killed when the value is released even when the test has already removed its
/// own folder. Every wait is a bounded poll; the waits for the screen suspend between looks,
/// so they hold no thread of the cooperative pool (see `SpawnedProcess.exit(within:)`).
final class TmuxSession {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The `tmux` binary, or `nil` when it is not installed.
  static let executable: String? = ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin", "/bin"]
    .map { $0 + "/tmux" }
    .first { FileManager.default.isExecutableFile(atPath: $0) }

  private let tmux: String
  private let folder: URL
  private let socket: String
  /// The session's place among the ``ProcessSlots/sessions``, held until it is released.
  private let slot: ProcessSlots.Slot

  /// Starts `command` in a new `columns` × `rows` window, with exactly `environment`.
  init(_ command: [String], environment: [String: String], columns: Int, rows: Int) async throws {
    slot = await ProcessSlots.sessions.take()
    guard let tmux = Self.executable else { throw Failure(description: "tmux is not installed") }
    self.tmux = tmux
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("wordbook-tmux-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    socket = folder.appendingPathComponent("socket").path
    let variables = environment.map { "\($0.key)=\($0.value)" }.sorted()
    try run(
      ["new-session", "-d", "-s", "test", "-x", String(columns), "-y", String(rows)]
        + ["/usr/bin/env", "-i"] + variables + command)
  }

  deinit {
    // `kill-server` alone leaves the server waiting for the program in the window, which was
    // seen to outlive it: the program gets the hangup a closed terminal window sends first.
    if let pane = try? run(["display-message", "-p", "-t", "test", "#{pane_pid}"]),
      let pid = pid_t(pane.filter(\.isNumber))
    {
      kill(pid, SIGHUP)
    }
    _ = try? run(["kill-server"])
    try? FileManager.default.removeItem(at: folder)
  }

  /// Types `keys` literally into the window.
  func type(_ keys: String) throws {
    try run(["send-keys", "-t", "test", "-l", keys])
  }

  /// The visible screen, one string per row, trailing blanks removed.
  func screen() throws -> [String] {
    try lines(of: run(["capture-pane", "-p", "-t", "test"]))
  }

  /// The visible screen with every row that the terminal wrapped joined to the next one, so
  /// it has fewer rows than ``screen()`` exactly when a line was wider than the window.
  func screenJoiningWrappedRows() throws -> [String] {
    try lines(of: run(["capture-pane", "-p", "-J", "-t", "test"]))
  }

  /// Captures the screen until `condition` holds, for at most `timeout` seconds.
  func waitForScreen(
    _ what: String, timeout: Duration = .seconds(60), until condition: ([String]) -> Bool
  ) async throws -> [String] {
    let deadline = ContinuousClock.now + timeout
    while true {
      let screen = try screen()
      if condition(screen) { return screen }
      guard ContinuousClock.now < deadline else {
        throw Failure(
          description: "timed out waiting for \(what); screen:\n" + screen.joined(separator: "\n"))
      }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  private func lines(of output: String) -> [String] {
    var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// Runs one tmux command against this session's server and returns its output.
  ///
  /// Reaped with `waitpid` while its output is read: the tmux client forks the server on its
  /// first command, so the output may never reach its end.
  @discardableResult
  private func run(_ arguments: [String]) throws -> String {
    let client = try SpawnedProcess(
      [tmux, "-S", socket, "-f", "/dev/null"] + arguments,
      environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "xterm"],
      output: .pipe, errors: .sameAsOutput)
    let reader = client.output.fileDescriptor
    let command = "tmux " + arguments.joined(separator: " ")
    var bytes: [UInt8] = []
    let deadline = ContinuousClock.now + .seconds(10)
    while client.isRunning {
      guard ContinuousClock.now < deadline else {
        client.exitBlocking(within: .zero)
        throw Failure(description: "\(command) did not finish within 10 s")
      }
      var descriptor = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
      if poll(&descriptor, 1, 10) > 0 {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
        if count > 0 { bytes += buffer[0..<count] }
      }
    }
    // The server tmux forks may keep the pipe open: take what is left without waiting for EOF.
    var descriptor = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
    while poll(&descriptor, 1, 0) > 0, descriptor.revents & Int16(POLLIN) != 0 {
      var buffer = [UInt8](repeating: 0, count: 65_536)
      let count = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      bytes += buffer[0..<count]
    }
    let text = String(decoding: bytes, as: UTF8.self)
    guard client.exitStatus == 0 else {
      throw Failure(description: "\(command): \(text)")
    }
    return text
  }
}
