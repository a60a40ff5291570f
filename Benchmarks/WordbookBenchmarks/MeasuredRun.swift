#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One run of a program as a child process whose standard output is a pipe this process
/// drains: its exit status, wall time, peak memory and what it wrote.
struct MeasuredRun {
  /// The exit status, or 128 plus the signal that killed it.
  var status: Int32
  /// Wall time from the spawn until the child has exited and its output is read.
  var nanoseconds: Double
  /// The child's peak resident set (`ru_maxrss`).
  var peakBytes: Int
  /// How many line feeds it wrote.
  var lineCount = 0
  /// What it wrote, when kept (`keepsOutput`); otherwise empty.
  var output: [UInt8] = []
  /// What it wrote to standard error.
  var error = ""

  /// What it wrote, as text.
  var text: String { String(decoding: output, as: UTF8.self) }

  /// GNU `time`, when installed, to start each child and report its peak.
  ///
  /// A child's `ru_maxrss` starts from the resident set of the process that spawned it (the
  /// kernel counts the address space it leaves at exec), which is tens of MiB for this one.
  /// `time` is small and forks the child itself, so its figure is the child's own.
  static let peakReporter: String? = access("/usr/bin/time", X_OK) == 0 ? "/usr/bin/time" : nil

  /// Runs `path` with `arguments`, its standard input read from `input` and its standard
  /// error written to `errorFile`, reading its standard output from a pipe as a reader of
  /// `wordbook words` would.
  ///
  /// - Parameter keepsOutput: Whether to keep the output, or only count its lines.
  /// - Throws: ``ChildProcessError`` when it cannot start.
  static func run(
    _ path: String, _ arguments: [String], input: String = "/dev/null", errorFile: String,
    keepsOutput: Bool = false
  ) throws(ChildProcessError) -> MeasuredRun {
    var pipeEnds: [Int32] = [-1, -1]
    guard pipe(&pipeEnds) == 0 else { throw ChildProcessError(description: "pipe failed") }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
    posix_spawn_file_actions_addopen(&actions, 2, errorFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
    posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
    let peakFile = errorFile + ".peak"
    let command =
      peakReporter.map { [$0, "-f", "%M", "-o", peakFile] + [path] + arguments }
      ?? [path] + arguments
    let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }

    let start = wallNow()
    var pid = pid_t()
    let spawned = posix_spawn(&pid, command[0], &actions, nil, argv, environ)
    close(pipeEnds[1])
    defer { close(pipeEnds[0]) }
    guard spawned == 0 else {
      throw ChildProcessError(
        description: "cannot start \(path): \(String(cString: strerror(spawned)))")
    }
    var run = MeasuredRun(status: 0, nanoseconds: 0, peakBytes: 0)
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = read(pipeEnds[0], &buffer, buffer.count)
      if count < 0, errno == EINTR { continue }
      if count <= 0 { break }
      for byte in buffer[0..<count] where byte == 0x0A { run.lineCount += 1 }
      if keepsOutput { run.output.append(contentsOf: buffer[0..<count]) }
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
    run.nanoseconds = Double(wallNow() - start)
    run.status = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    // Linux counts ru_maxrss in KiB, and `time` prints it.
    if peakReporter != nil {
      let reported = readTextFile(peakFile) ?? ""
      run.peakBytes = (Int(reported.filter(\.isNumber)) ?? 0) * 1024
    } else {
      run.peakBytes = usage.ru_maxrss * 1024
    }
    run.error = readTextFile(errorFile) ?? ""
    return run
  }

  /// Throws unless the run exited with status 0 and wrote `lines` lines (when given).
  func expect(
    _ what: String, lines: Int? = nil
  ) throws(ChildProcessError) {
    guard status == 0 else {
      throw ChildProcessError(description: "\(what) exited with status \(status): \(error)")
    }
    if let lines, lineCount != lines {
      throw ChildProcessError(
        description: "\(what) wrote \(lineCount) lines instead of \(lines): \(error)")
    }
  }
}
