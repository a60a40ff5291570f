import Observation
import StoreCore
import Testing

/// A large state backed by one copy-on-write buffer that counts its copies, so a test can
/// prove that the store never copies the state.
struct CopyCountingState: Equatable {
  final class Buffer {
    var values: [Int]
    init(values: [Int]) { self.values = values }
  }

  private var buffer: Buffer
  private let copies: Shared<Int>

  init(count: Int, copies: Shared<Int>) {
    buffer = Buffer(values: Array(repeating: 0, count: count))
    self.copies = copies
  }

  var first: Int { buffer.values[0] }
  var total: Int { buffer.values.reduce(0, +) }

  mutating func increment(at index: Int) {
    if !isKnownUniquelyReferenced(&buffer) {
      buffer = Buffer(values: buffer.values)
      copies.update { $0 += 1 }
    }
    buffer.values[index] += 1
  }

  static func == (lhs: Self, rhs: Self) -> Bool { lhs.buffer.values == rhs.buffer.values }
}

/// Increments one element of the state.
struct IncrementElement: Reducer {
  func reduce(into state: inout CopyCountingState, action: Int) -> Effect<Int> {
    state.increment(at: action)
    return .none
  }
}

@MainActor
@Suite struct InPlaceMutationTests {
  static let size = 10_000

  @Test func manyActionsWithObserversAndARecorderCopyNothing() async {
    let copies = Shared(0)
    let log = ActionLog<Int>(checkpointInterval: 100)
    let store = Store(
      initialState: CopyCountingState(count: Self.size, copies: copies),
      reducer: IncrementElement(),
      recorder: log,
      checkpoint: { "total=\($0.total)" })
    var firstSeen = 0
    store.observe { firstSeen = store.state.first }
    var changes = store.changes().makeAsyncIterator()
    let tracked = Shared(0)
    withObservationTracking {
      _ = store.state.first
    } onChange: {
      tracked.update { $0 += 1 }
    }
    for step in 0..<1_000 { store.send(step % Self.size) }
    let change: Void? = await changes.next()
    #expect(change != nil)
    #expect(copies.value == 0)
    #expect(firstSeen == 1)
    #expect(tracked.value == 1)
    #expect(log.entries.count == 1_000)
    #expect(log.entries.last?.checkpoint == "total=1000")
  }

  @Test func anObserverThatKeepsTheStateMakesTheNextChangeCopy() {
    let copies = Shared(0)
    let store = Store(
      initialState: CopyCountingState(count: Self.size, copies: copies),
      reducer: IncrementElement())
    var kept: [CopyCountingState] = []
    store.observe { kept.append(store.state) }
    for step in 0..<10 { store.send(step) }
    #expect(copies.value == 9)
    #expect(kept.count == 10)
  }
}
