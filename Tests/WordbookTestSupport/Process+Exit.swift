import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension Process {
  /// Waits at most `timeout` for the process to exit, suspending between looks instead of
  /// blocking a thread; past it, the process gets SIGTERM, and SIGKILL ten seconds later.
  ///
  /// Swift's cooperative pool has one thread per core, and a test blocked in a wait holds one:
  /// on two cores, two such tests starve every task in the test process, the effects of the
  /// stores a web test's server runs among them, for as long as they wait.
  ///
  /// - Returns: Whether the process exited by itself in time.
  @discardableResult
  public func exit(within timeout: Duration) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while isRunning, clock.now < deadline, !Task.isCancelled {
      try? await Task.sleep(for: .milliseconds(2))
    }
    guard isRunning else { return true }
    terminate()
    let killAt = clock.now + .seconds(10)
    let giveUpAt = killAt + .seconds(10)
    while isRunning {
      // Foundation hears of the exit when the last holder of its socket closes it (see
      // `SpawnedDescriptors`): a leaked one would make this loop spin forever.
      precondition(
        clock.now < giveUpAt,
        "Process \(processIdentifier) was killed but Foundation never saw it exit: another "
          + "child holds its socket")
      if clock.now >= killAt { kill(processIdentifier, SIGKILL) }
      try? await Task.sleep(for: .milliseconds(2))
    }
    return false
  }
}
