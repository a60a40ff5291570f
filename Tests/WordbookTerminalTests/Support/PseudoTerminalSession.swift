import Foundation
import WordbookTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The `wordbook` binary running on a pseudo-terminal, driven like a person at a keyboard.
///
/// A thread of the session's own reads the terminal as the program writes; every wait is a
/// bounded poll of what it read that suspends between looks, so no thread of the cooperative
/// pool is held (see `SpawnedProcess.exit(within:)`); nothing sleeps a fixed time.
final class PseudoTerminalSession {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  private let master: Int32
  private let pid: pid_t
  /// What the reader thread has read, and whether it has seen the terminal's end.
  private let received = Received()
  private let readerDone = DispatchSemaphore(value: 0)
  private var exitStatus: Int32?
  /// The session's place among the ``ProcessSlots/sessions``, given back once the program has
  /// exited, so a test may start its next session after waiting for the last one.
  private var slot: ProcessSlots.Slot?

  /// Starts `wordbook` with `arguments` on a new pseudo-terminal of `columns` × `rows`.
  init(
    arguments: [String], environment: [String: String], columns: UInt16 = 80, rows: UInt16 = 24
  ) async throws {
    let slot = await ProcessSlots.sessions.take()
    var master: Int32 = -1
    var slave: Int32 = -1
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&master, &slave, nil, nil, &size) == 0 else {
      throw Failure(description: "openpty failed: errno \(errno)")
    }
    defer { close(slave) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for target in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
      posix_spawn_file_actions_adddup2(&actions, slave, target)
    }
    posix_spawn_file_actions_addclose(&actions, master)
    posix_spawn_file_actions_addclose(&actions, slave)
    SpawnedDescriptors.closeInherited(in: &actions)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // POSIX_SPAWN_SETSID (0x80) is hidden behind _GNU_SOURCE in the Glibc module: a new
    // session keeps the program's signals apart from the test runner's.
    posix_spawnattr_setflags(&attributes, 0x80)
    let path = WordbookProcess.executable.path
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
    guard spawned == 0 else {
      close(master)
      throw Failure(description: "posix_spawn failed: \(spawned)")
    }
    self.master = master
    self.pid = pid
    self.slot = slot
    let (terminal, received, done) = (master, received, readerDone)
    Thread.detachNewThread { Self.read(terminal, into: received, done: done) }
  }

  deinit {
    if exitStatus == nil {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
    received.stop()
    readerDone.wait()
    close(master)
  }

  /// Everything the program wrote so far.
  var output: [UInt8] { received.bytes }

  /// Everything the program wrote, as text.
  var text: String { String(decoding: output, as: UTF8.self) }

  /// The last full screen the program drew: the text after its last cursor-home sequence.
  var lastFrame: String {
    let text = text
    guard let range = text.range(of: "\u{1B}[H", options: .backwards) else { return text }
    return String(text[range.upperBound...])
  }

  /// Types `keys` as bytes.
  func press(_ keys: String) throws {
    let bytes = Array(keys.utf8)
    let written = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    guard written == bytes.count else { throw Failure(description: "write failed: errno \(errno)") }
  }

  /// Reads output until the last frame satisfies `condition`, for at most `timeout` seconds.
  func waitForFrame(
    timeout: TimeInterval = 20, _ what: String, until condition: (String) -> Bool
  ) async throws {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      if frameIsComplete, condition(lastFrame) { return }
      guard Date() < deadline else {
        throw Failure(description: "timed out waiting for \(what); last frame:\n\(lastFrame)")
      }
      try? await Task.sleep(for: .milliseconds(20))
    }
  }

  /// Reads output until everything written so far contains `needle`.
  func waitForOutput(containing needle: String, timeout: TimeInterval = 20) async throws {
    let deadline = Date().addingTimeInterval(timeout)
    while !text.contains(needle) {
      guard Date() < deadline else {
        throw Failure(
          description: "timed out waiting for \(needle.debugDescription); got:\n\(text)")
      }
      try? await Task.sleep(for: .milliseconds(20))
    }
  }

  /// Waits for the program to exit and returns its status, for at most `timeout` seconds.
  func waitForExit(timeout: TimeInterval = 60) async throws -> Int32 {
    let deadline = Date().addingTimeInterval(timeout)
    while exitStatus == nil {
      try? await Task.sleep(for: .milliseconds(5))
      var status: Int32 = 0
      if waitpid(pid, &status, WNOHANG) == pid {
        exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        slot = nil
        // What the program wrote last is read once the terminal ends.
        let clock = ContinuousClock()
        let drained = clock.now + .seconds(5)
        while !received.isAtEnd, clock.now < drained {
          try? await Task.sleep(for: .milliseconds(2))
        }
        break
      }
      guard Date() < deadline else {
        throw Failure(description: "the program did not exit; last frame:\n\(lastFrame)")
      }
    }
    return exitStatus ?? -1
  }

  /// Resizes the terminal and tells the program, as a terminal emulator does.
  ///
  /// The program runs in its own session without a controlling terminal, so the kernel does
  /// not send SIGWINCH by itself.
  func resize(columns: UInt16, rows: UInt16) throws {
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    guard ioctl(master, UInt(TIOCSWINSZ), &size) == 0 else {
      throw Failure(description: "TIOCSWINSZ failed: errno \(errno)")
    }
    kill(pid, SIGWINCH)
  }

  /// Sends a signal to the program.
  func signal(_ number: Int32) {
    kill(pid, number)
  }

  /// Waits until the program is stopped (as by Ctrl-Z), for at most `timeout` seconds.
  func waitUntilStopped(timeout: TimeInterval = 20) async throws {
    let deadline = Date().addingTimeInterval(timeout)
    while processState != "T" {
      guard Date() < deadline else {
        throw Failure(description: "the program did not stop; state \(processState ?? "gone")")
      }
      try? await Task.sleep(for: .milliseconds(5))
    }
  }

  /// The program's state letter from `/proc` (`R`, `S`, `T` for stopped), `nil` when it is gone.
  private var processState: String? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    return stat[stat.index(close, offsetBy: 2)...].first.map(String.init)
  }

  /// Whether the terminal echoes keys and reads whole lines, as a shell leaves it; `false` in
  /// the program's raw mode.
  func isInLineMode() throws -> Bool {
    // TIOCGPTN gives the terminal's number; ptsname is hidden behind _GNU_SOURCE.
    var number: UInt32 = 0
    guard ioctl(master, 0x8004_5430, &number) == 0 else {
      throw Failure(description: "TIOCGPTN failed: errno \(errno)")
    }
    let terminal = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
    guard terminal >= 0 else { throw Failure(description: "cannot open the terminal") }
    defer { close(terminal) }
    var settings = termios()
    guard tcgetattr(terminal, &settings) == 0 else {
      throw Failure(description: "tcgetattr failed: errno \(errno)")
    }
    return settings.c_lflag & tcflag_t(ECHO | ICANON) == tcflag_t(ECHO | ICANON)
  }

  /// The program starts each frame with cursor-home and ends it with erase-below.
  private var frameIsComplete: Bool { lastFrame.contains("\u{1B}[J") }

  /// Reads the terminal until it ends or `received` is stopped, on a thread of its own: the
  /// program never waits on a full terminal for the test's task, which a busy cooperative pool
  /// may leave unscheduled for seconds, and a frame is whole when the test looks.
  private static func read(_ master: Int32, into received: Received, done: DispatchSemaphore) {
    defer { done.signal() }
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while !received.isStopped {
      var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, 50) > 0 else { continue }
      let count = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
      if count > 0 {
        received.append(buffer[0..<count])
      } else if count == 0 || errno != EINTR {
        // EIO once the program and its children have closed the terminal.
        received.end()
        return
      }
    }
  }

  /// The bytes read from the terminal, shared by the reader thread and the test.
  private final class Received: @unchecked Sendable {
    // NSLock rather than Mutex: the thread sanitizer sees NSLock's ordering.
    private let lock = NSLock()
    private var storage: [UInt8] = []
    private var ended = false
    private var stopped = false

    var bytes: [UInt8] { lock.withLock { storage } }
    var isAtEnd: Bool { lock.withLock { ended } }
    var isStopped: Bool { lock.withLock { stopped } }

    func append(_ chunk: ArraySlice<UInt8>) { lock.withLock { storage += chunk } }
    func end() { lock.withLock { ended = true } }
    func stop() { lock.withLock { stopped = true } }
  }
}
