import StoreCore

/// Wakes one waiting task early: a change feed sleeps until its next poll or until someone
/// rings, such as a database's notification that the journal grew.
///
/// A ring while nobody waits is kept for the next wait, so none is lost between two polls.
package final class Doorbell: Sendable {
  private struct State {
    var rung = false
    var waiter: CheckedContinuation<Void, Never>?
    var timer: Task<Void, Never>?
  }

  private let state = Locked(State())

  package init() {}

  /// Wakes the waiting task, or the next one to wait.
  package func ring() {
    let (waiter, timer) = state.withLock { state in
      guard let waiter = state.waiter else {
        state.rung = true
        return (CheckedContinuation<Void, Never>?.none, Task<Void, Never>?.none)
      }
      state.waiter = nil
      let timer = state.timer
      state.timer = nil
      return (waiter, timer)
    }
    timer?.cancel()
    waiter?.resume()
  }

  /// Returns once the bell rings or `timeout` has passed (never, when it is `nil`), at once when
  /// it rang since the last wait.
  package func wait(upTo timeout: Duration?) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let rang = state.withLock { state in
        guard !state.rung else {
          state.rung = false
          return true
        }
        state.waiter = continuation
        guard let timeout else { return false }
        state.timer = Task { [weak self] in
          try? await Task.sleep(for: timeout)
          guard !Task.isCancelled else { return }
          self?.ring()
        }
        return false
      }
      if rang { continuation.resume() }
    }
    state.withLock { $0.rung = false }
  }
}
