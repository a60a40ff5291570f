#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A child process that failed to start or did not exit cleanly.
struct ChildProcessError: Error, CustomStringConvertible {
  var description: String
}

/// Runs programs as child processes, with `posix_spawn`, for the memory and `sqlite3`
/// scenarios.
enum ChildProcess {
  /// The path of this executable, to start it again as a child.
  static var currentExecutable: String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return CommandLine.arguments[0] }
    return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Waits for child `pid` to exit, polling every 20 ms, and kills it when it has not exited
  /// within `nanoseconds`.
  static func waitOrKill(_ pid: pid_t, within nanoseconds: UInt64) {
    var status: Int32 = 0
    let deadline = wallNow() + nanoseconds
    while waitpid(pid, &status, WNOHANG) == 0 {
      guard wallNow() < deadline else {
        kill(pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return
      }
      usleep(20_000)
    }
  }

  /// Runs `path` with `arguments`, its standard input read from `input` (or `/dev/null`),
  /// and returns what it wrote to standard output, unless `discardsOutput` sends it to
  /// `/dev/null`.
  ///
  /// - Throws: ``ChildProcessError`` when it cannot start or exits with a nonzero status.
  static func run(
    _ path: String, _ arguments: [String], input: String = "/dev/null",
    discardsOutput: Bool = false
  ) throws(ChildProcessError) -> String {
    var pipeEnds: [Int32] = [-1, -1]
    guard pipe(&pipeEnds) == 0 else { throw ChildProcessError(description: "pipe failed") }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
    if discardsOutput {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    } else {
      posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
    }
    posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
    posix_spawn_file_actions_addclose(&actions, pipeEnds[1])

    let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
    close(pipeEnds[1])
    defer { close(pipeEnds[0]) }
    guard spawned == 0 else {
      throw ChildProcessError(
        description: "cannot start \(path): \(String(cString: strerror(spawned)))")
    }
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = read(pipeEnds[0], &buffer, buffer.count)
      if count <= 0 { break }
      output.append(contentsOf: buffer[0..<count])
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    let exited = (status & 0x7f) == 0
    let code = (status >> 8) & 0xff
    guard exited, code == 0 else {
      throw ChildProcessError(
        description: "\(path) \(arguments.joined(separator: " ")) failed with status \(status)")
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// The first executable called `name` on the `PATH`, or `nil`.
  static func find(_ name: String) -> String? {
    let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
      let candidate = "\(folder)/\(name)"
      if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
  }
}
