import Foundation
import Testing
import Wordbook

/// Collects what a change feed reports, on a task of its own, for a test to wait for.
///
/// Its state is behind an `NSLock`, a pthread mutex the thread sanitizer sees, where it
/// reported `Synchronization.Mutex`'s guarded accesses as races.
package final class ChangeCollector: @unchecked Sendable {
  private let lock = NSLock()
  private var changes: [WordChange] = []
  private var task: Task<Void, Never>?

  package init(_ stream: AsyncStream<[WordChange]>) {
    let listening = Task { [self] in
      for await changes in stream { lock.withLock { self.changes += changes } }
    }
    lock.withLock { task = listening }
  }

  /// Stops listening.
  package func stop() {
    lock.withLock { task?.cancel() }
  }

  /// Waits, for at most 120 seconds, until as many changes as `expected` have arrived, then
  /// expects them to be `expected` and forgets them. The whole suite runs in parallel on a
  /// shared machine, and under the thread sanitizer the feed's 200 ms poll was seen to report
  /// a change more than 30 seconds late; a change on time ends the wait at once.
  package func expect(
    _ expected: [WordChange], sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let deadline = ContinuousClock.now + .seconds(120)
    while lock.withLock({ changes.count }) < expected.count, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    let got = lock.withLock {
      defer { changes.removeAll() }
      return changes
    }
    #expect(got == expected, sourceLocation: sourceLocation)
  }
}
