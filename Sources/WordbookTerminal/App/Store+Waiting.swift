import StoreCore

extension Store {
  /// Waits, without polling, until the state satisfies `condition` or `timeout` passes.
  ///
  /// - Parameters:
  ///   - timeout: The longest wait.
  ///   - condition: The state to wait for.
  /// - Returns: Whether the state satisfies `condition`.
  @discardableResult
  func wait(
    timeout: Duration = .seconds(30), until condition: @escaping @MainActor (State) -> Bool
  ) async -> Bool {
    if condition(state) { return true }
    let waiter = StateWaiter()
    let token = observe { [weak self] in
      guard let self, condition(self.state) else { return }
      waiter.finish(true)
    }
    defer { removeObserver(token) }
    let timer = Task { @MainActor in
      try? await Task.sleep(for: timeout)
      waiter.finish(false)
    }
    defer { timer.cancel() }
    return await withCheckedContinuation { continuation in
      waiter.wait(with: continuation)
    }
  }
}

/// Resumes one waiting task once, with the first answer that arrives.
@MainActor
private final class StateWaiter {
  private var continuation: CheckedContinuation<Bool, Never>?
  private var answer: Bool?

  /// Resumes `continuation` with the answer when one arrived, or keeps it for the first.
  func wait(with continuation: CheckedContinuation<Bool, Never>) {
    if let answer {
      continuation.resume(returning: answer)
    } else {
      self.continuation = continuation
    }
  }

  func finish(_ value: Bool) {
    guard answer == nil else { return }
    answer = value
    if let continuation {
      self.continuation = nil
      continuation.resume(returning: value)
    }
  }
}
