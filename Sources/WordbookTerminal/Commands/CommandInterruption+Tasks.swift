extension CommandInterruption {
  /// Runs `work` in a task that SIGINT, SIGTERM or SIGHUP cancels, and waits for it.
  ///
  /// - Parameter work: The work, such as an import, that rolls back when cancelled.
  /// - Returns: The work's result.
  /// - Throws: The failure of work that a signal stopped: exit status 128 + the signal.
  func runCancellable<Value: Sendable>(
    _ work: @escaping @Sendable () async throws -> Value
  ) async throws(CommandFailure) -> Result<Value, any Error> {
    let task = Task { try await work() }
    let cancellation = onSignal { task.cancel() }
    let result = await task.result
    remove(cancellation)
    if case .failure = result, let number = signal {
      throw CommandFailure(status: 128 + number, problem: .interrupted(signal: number))
    }
    return result
  }
}
