import Testing

@testable import WordbookPostgres

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Each connection's blocking calls wait on a thread of their own, so more connections than
/// libdispatch's pool has threads (about 255) all make progress at once.
@Suite struct ConnectionThreadTests {
  @Test func threeHundredBlockedConnectionsAllRunAtOnce() async throws {
    let count = 300
    let gate = Gate(count: count)
    let threads = (0..<count).compactMap { _ in ConnectionThread() }
    #expect(threads.count == count)
    // Every block waits until all have started, as calls waiting on a slow server would: on a
    // pool that stops growing, the last blocks would never start and all would time out.
    let arrived = await withTaskGroup(of: Bool.self) { group in
      for thread in threads {
        group.addTask {
          await withCheckedContinuation { continuation in
            thread.async { continuation.resume(returning: gate.arriveAndWait(seconds: 30)) }
          }
        }
      }
      return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
    }
    for thread in threads { thread.finish() }
    #expect(arrived == count)
  }

  @Test func blocksRunInTheOrderGiven() async {
    let thread = ConnectionThread()
    let order = await withCheckedContinuation { continuation in
      let box = OrderBox()
      for index in 0..<100 { thread?.async { box.append(index) } }
      thread?.async { continuation.resume(returning: box.values) }
    }
    thread?.finish()
    #expect(order == Array(0..<100))
  }
}

/// Lets its callers through once `count` of them have arrived.
///
/// Invariant (why `@unchecked Sendable` is sound): `arrived` is only touched under `mutex`.
private final class Gate: @unchecked Sendable {
  private let count: Int
  private var arrived = 0
  private var mutex = pthread_mutex_t()
  private var condition = pthread_cond_t()

  init(count: Int) {
    self.count = count
    pthread_mutex_init(&mutex, nil)
    pthread_cond_init(&condition, nil)
  }

  /// Arrives and waits for the others, at most `seconds`; whether all arrived.
  func arriveAndWait(seconds: Int) -> Bool {
    var deadline = timespec()
    clock_gettime(CLOCK_REALTIME, &deadline)
    deadline.tv_sec += seconds
    pthread_mutex_lock(&mutex)
    defer { pthread_mutex_unlock(&mutex) }
    arrived += 1
    pthread_cond_broadcast(&condition)
    while arrived < count {
      if pthread_cond_timedwait(&condition, &mutex, &deadline) == ETIMEDOUT { return false }
    }
    return true
  }
}

/// The values appended by blocks run on one thread, read by the last of them.
///
/// Invariant (why `@unchecked Sendable` is sound): only the one connection thread touches it.
private final class OrderBox: @unchecked Sendable {
  var values: [Int] = []
  func append(_ value: Int) { values.append(value) }
}
