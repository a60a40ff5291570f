import Foundation

/// The child processes the tests may run at once, one per core for each kind: a test waits for a
/// slot by suspending, so the limit holds no thread, and the children do not crowd the cores
/// past the time limits the tests give them.
///
/// Before the waits suspended, the cooperative pool's one thread per core was the limit; the
/// waits now leave the pool free for the tests that need it (see `SpawnedProcess.exit(within:)`).
/// A test holds at most one slot of each kind at a time: two tests that each held one and
/// waited for another of the same kind would wait for each other forever.
public final class ProcessSlots: @unchecked Sendable {
  /// The slots of the commands that run to their end by themselves, one per core.
  public static let commands = ProcessSlots(count: ProcessInfo.processInfo.activeProcessorCount)

  /// The slots of the programs a test drives on a terminal, one per core, apart from the
  /// commands': a test that holds a session's slot while it runs a command never waits for a
  /// slot of the kind it holds, so no two such tests can wait for each other.
  public static let sessions = ProcessSlots(count: ProcessInfo.processInfo.activeProcessorCount)

  /// The slots of the browsers the page's tests drive, one per core.
  public static let browsers = ProcessSlots(count: ProcessInfo.processInfo.activeProcessorCount)

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
