import StoreCore
import Testing

@testable import WordbookPostgres

/// A batcher times each batch from its own first request: requests that come together are
/// done together, and a batch does not start sooner because one ran just before it.
@Suite(.timeLimit(.minutes(1))) struct ConnectionBatcherTests {
  /// No server listens at this address, so each batch is handed the failed connection, which
  /// is all these tests need: when each batch ran, and with which requests.
  private static let unreachable = "postgresql://nobody@/none?host=/nonexistent-wordbook-socket"

  /// The batches done, each with when it started.
  private final class Batches: Sendable {
    private let done = Locked<[(start: ContinuousClock.Instant, requests: [Int])]>([])

    func add(_ requests: [Int]) {
      let now = ContinuousClock.now
      done.withLock { $0.append((now, requests)) }
    }

    var all: [(start: ContinuousClock.Instant, requests: [Int])] { done.withLock { $0 } }

    /// Waits until `count` batches are done, for a minute at most.
    func wait(for count: Int) async throws -> Bool {
      let deadline = ContinuousClock.now + .seconds(60)
      while all.count < count, ContinuousClock.now < deadline {
        try await Task.sleep(for: .milliseconds(10))
      }
      return all.count >= count
    }
  }

  /// A batcher that takes every waiting request into its batch, records each batch in
  /// `batches`, then calls `then` with it, on the batcher's thread.
  private static func batcher(
    gathering: Duration, into batches: Batches, then: @escaping @Sendable ([Int]) -> Void = { _ in }
  ) -> ConnectionBatcher<Int> {
    ConnectionBatcher(
      url: unreachable, spacing: .milliseconds(10), gathering: gathering,
      take: { waiting in
        defer { waiting = [] }
        return waiting
      },
      perform: { batch, _ in
        batches.add(batch)
        then(batch)
        return []
      })
  }

  @Test func requestsThatComeTogetherAreDoneInOneBatch() async throws {
    let batches = Batches()
    let batcher = Self.batcher(gathering: .seconds(1), into: batches)
    for request in 0..<5 { batcher.submit(request) }
    #expect(try await batches.wait(for: 1))
    #expect(batches.all.map(\.requests) == [[0, 1, 2, 3, 4]])
  }

  @Test func aRequestThatComesDuringABatchWaitsItsOwnGathering() async throws {
    let batches = Batches()
    let gathering = Duration.milliseconds(300)
    // The second request comes while the first batch runs: it still waits its whole
    // gathering, where a batch timed from the one before would start a spacing after it.
    let sent = Locked<(batcher: ConnectionBatcher<Int>?, at: ContinuousClock.Instant?)>((nil, nil))
    let batcher = Self.batcher(gathering: gathering, into: batches) { batch in
      guard batch == [0] else { return }
      let batcher = sent.withLock { sent in
        sent.at = .now
        return sent.batcher
      }
      batcher?.submit(1)
    }
    sent.withLock { $0.batcher = batcher }
    defer { sent.withLock { $0.batcher = nil } }
    batcher.submit(0)
    #expect(try await batches.wait(for: 2))
    let done = batches.all
    #expect(done.map(\.requests) == [[0], [1]])
    if let second = sent.withLock({ $0.at }) { #expect(done[1].start - second >= gathering) }
  }
}
