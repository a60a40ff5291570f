import Foundation

/// The short-lived child processes the tests may run at once, one per core: a test waits for a
/// slot by suspending, so the limit holds no thread, and the children do not crowd the cores
/// past the time limits the tests give them.
///
/// Before the waits suspended, the cooperative pool's one thread per core was the limit; the
/// waits now leave the pool free for the tests that need it (see `Process.exit(within:)`).
/// A slot is held only while one command runs: a test that holds one while it waits for
/// another (an interactive session beside a command) would deadlock with one that does the same.
public final class ProcessSlots: @unchecked Sendable {
  /// The slots every test in the process shares.
  public static let shared = ProcessSlots(count: ProcessInfo.processInfo.activeProcessorCount)

  // NSLock rather than Mutex: the thread sanitizer sees NSLock's ordering.
  private let lock = NSLock()
  private var free: Int
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(count: Int) {
    free = max(1, count)
  }

  /// A slot taken; it is given back when the value is released, so one taken by a setup that
  /// throws is not lost.
  public final class Slot: Sendable {
    private let slots: ProcessSlots

    fileprivate init(_ slots: ProcessSlots) {
      self.slots = slots
    }

    deinit {
      slots.giveBack()
    }
  }

  /// Takes a slot, waiting for one to be given back when none is free.
  public func take() async -> Slot {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      lock.lock()
      if free > 0 {
        free -= 1
        lock.unlock()
        continuation.resume()
      } else {
        waiting.append(continuation)
        lock.unlock()
      }
    }
    return Slot(self)
  }

  /// Gives a slot back, to the test that has waited longest for one.
  private func giveBack() {
    lock.lock()
    if waiting.isEmpty {
      free += 1
      lock.unlock()
    } else {
      let next = waiting.removeFirst()
      lock.unlock()
      next.resume()
    }
  }
}
