import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A child process started with `posix_spawnp` and reaped with `waitpid`: what the tests use
/// instead of Foundation's `Process`.
///
/// Foundation's `Process.run` failed with EBADF, and once crashed in `memcpy`, when many tests
/// started children at once beside others spawned by hand (issue 47). Here a child gets its
/// three standard streams and nothing more: every descriptor above them is closed in the child
/// (see ``SpawnedDescriptors``), and this process's ends of the pipes are close-on-exec, so no
/// other child ever holds one open. The child starts with every signal at its default and none
/// blocked, whatever the spawning thread blocks or ignores.
///
/// ```swift
/// let add = try SpawnedProcess(["/usr/bin/sqlite3", path, sql], output: .pipe)
/// let text = String(decoding: add.output.readDataToEndOfFile(), as: UTF8.self)
/// await add.exit(within: .seconds(20))
/// ```
public final class SpawnedProcess: @unchecked Sendable {
  // Invariant for `@unchecked Sendable`: `reapedStatus` is read and written only under `lock`,
  // which also orders every `kill` before the reaping that would free the ID for reuse; the
  // rest is immutable.

  /// Where one of the child's standard streams goes.
  public enum Stream: Sendable {
    /// `/dev/null`.
    case null
    /// A file: read for standard input; for an output, written from its start and created if
    /// missing, never emptied first (a test may point one at a file it must find unchanged).
    case file(String)
    /// A descriptor of this process, given to the child as it is (such as one end of a pipe).
    case descriptor(Int32)
    /// A new pipe, whose other end is ``SpawnedProcess/input``, ``SpawnedProcess/output`` or
    /// ``SpawnedProcess/errors``.
    case pipe
    /// Wherever standard output goes: for standard error only.
    case sameAsOutput
  }

  /// The child's process ID.
  public let pid: pid_t
  private let pipes: [Int32: FileHandle]
  private let lock = NSLock()
  private var reapedStatus: Int32?

  /// Starts `arguments` (the first, when it holds no `/`, found on this process's `PATH`).
  ///
  /// - Parameters:
  ///   - environment: The child's whole environment; `nil` passes this process's own.
  ///   - input: Where standard input comes from.
  ///   - output: Where standard output goes.
  ///   - errors: Where standard error goes.
  /// - Throws: ``SpawnFailure`` when a pipe cannot be made or the program cannot be started.
  public init(
    _ arguments: [String], environment: [String: String]? = nil, input: Stream = .null,
    output: Stream = .null, errors: Stream = .null
  ) throws(SpawnFailure) {
    precondition(!arguments.isEmpty, "a command needs at least the program to run")
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var parentEnds: [Int32: Int32] = [:]
    var childEnds: [Int32] = []
    defer { for descriptor in childEnds { close(descriptor) } }
    for (target, stream) in [
      (STDIN_FILENO, input), (STDOUT_FILENO, output), (STDERR_FILENO, errors),
    ] {
      switch stream {
      case .null:
        posix_spawn_file_actions_addopen(
          &actions, target, "/dev/null", target == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
      case .file(let path):
        let flags = target == STDIN_FILENO ? O_RDONLY : O_WRONLY | O_CREAT
        posix_spawn_file_actions_addopen(&actions, target, path, flags, 0o644)
      case .descriptor(let descriptor):
        posix_spawn_file_actions_adddup2(&actions, descriptor, target)
      case .pipe:
        guard let ends = SpawnedDescriptors.pipe() else {
          for descriptor in parentEnds.values { close(descriptor) }
          throw SpawnFailure(description: "cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        let (parentEnd, childEnd) =
          target == STDIN_FILENO ? (ends.writer, ends.reader) : (ends.reader, ends.writer)
        parentEnds[target] = parentEnd
        childEnds.append(childEnd)
        posix_spawn_file_actions_adddup2(&actions, childEnd, target)
      case .sameAsOutput:
        precondition(target == STDERR_FILENO, "only standard error can go where output goes")
        posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, target)
      }
    }
    SpawnedDescriptors.closeInherited(in: &actions)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigfillset(&defaults)
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &unblocked)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp ?? [] { free(pointer) }
    }
    var pid: pid_t = 0
    let spawned =
      if let envp {
        posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
      } else {
        posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, environ)
      }
    guard spawned == 0 else {
      for descriptor in parentEnds.values { close(descriptor) }
      throw SpawnFailure(
        description: "cannot run \(arguments[0]): \(String(cString: strerror(spawned)))")
    }
    self.pid = pid
    pipes = parentEnds.mapValues { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
  }

  deinit {
    // A child still running is reaped by a thread of its own whenever it ends, so it never
    // stays behind as a zombie.
    guard lock.withLock({ reapedStatus == nil }) else { return }
    let pid = pid
    Thread.detachNewThread {
      var status: Int32 = 0
      while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    }
  }

  /// This process's end of the pipe to the child's standard input.
  public var input: FileHandle { pipe(STDIN_FILENO, "input") }

  /// This process's end of the pipe from the child's standard output.
  public var output: FileHandle { pipe(STDOUT_FILENO, "output") }

  /// This process's end of the pipe from the child's standard error.
  public var errors: FileHandle { pipe(STDERR_FILENO, "errors") }

  private func pipe(_ target: Int32, _ name: String) -> FileHandle {
    guard let handle = pipes[target] else {
      preconditionFailure("the child's \(name) is not a pipe: start it with \(name): .pipe")
    }
    return handle
  }

  /// Whether the child has not exited yet.
  public var isRunning: Bool { reap() == nil }

  /// How the child ended: its exit status, or 128 + the signal that ended it, as a shell
  /// reports it. Read it only once the child has exited.
  public var exitStatus: Int32 {
    guard let status = reap() else {
      preconditionFailure("process \(pid) is still running: wait for its exit first")
    }
    return status
  }

  /// Sends `signal` to the child, unless it has already been reaped.
  public func send(_ signal: Int32) {
    lock.withLock {
      if reapedStatus == nil { kill(pid, signal) }
    }
  }

  /// Waits at most `timeout` for the child to exit, suspending between looks instead of
  /// holding a thread; past it, the child gets SIGTERM, and SIGKILL ten seconds later.
  ///
  /// Swift's cooperative pool has one thread per core, and a test blocked in a wait holds one:
  /// on two cores, two such tests starve every task in the test process, the effects of the
  /// stores a web test's server runs among them, for as long as they wait.
  ///
  /// - Returns: Whether the child exited by itself in time.
  @discardableResult
  public func exit(within timeout: Duration) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while isRunning, clock.now < deadline, !Task.isCancelled {
      try? await Task.sleep(for: .milliseconds(5))
    }
    guard isRunning else { return true }
    send(SIGTERM)
    let killAt = clock.now + .seconds(10)
    while isRunning {
      if clock.now >= killAt { send(SIGKILL) }
      try? await Task.sleep(for: .milliseconds(5))
    }
    return false
  }

  /// Waits at most `timeout` for the child to exit, blocking the calling thread: only for a
  /// thread of its own, or a check that cannot suspend. Past it, the child gets SIGKILL.
  ///
  /// - Returns: Whether the child exited by itself in time.
  @discardableResult
  public func exitBlocking(within timeout: Duration) -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while isRunning {
      guard clock.now < deadline else {
        send(SIGKILL)
        lock.withLock {
          var status: Int32 = 0
          while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
          reapedStatus = Self.shellStatus(status)
        }
        return false
      }
      usleep(5_000)
    }
    return true
  }

  /// The child's status once it has exited, reaping it the first time.
  private func reap() -> Int32? {
    lock.withLock {
      if reapedStatus == nil {
        var status: Int32 = 0
        var reaped: pid_t
        repeat { reaped = waitpid(pid, &status, WNOHANG) } while reaped == -1 && errno == EINTR
        precondition(reaped != -1, "process \(pid) was reaped by another waitpid")
        if reaped == pid { reapedStatus = Self.shellStatus(status) }
      }
      return reapedStatus
    }
  }

  /// A wait status as a shell reports it: the exit status, or 128 + the signal.
  private static func shellStatus(_ status: Int32) -> Int32 {
    let signal = status & 0x7f
    return signal == 0 ? (status >> 8) & 0xff : 128 + signal
  }

  /// Why a command could not be started.
  public struct SpawnFailure: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String
  }
}
