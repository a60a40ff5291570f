import Observation
import StoreCore
import Testing

/// A board of counters whose parts are the score and each cell.
struct Board: PartTrackingState, Equatable {
  enum Part: Hashable, Sendable {
    case score
    case cell(Int)
  }

  var cells: [Int]
  var score = 0
  var changedParts = ChangedParts<Part>()

  init(size: Int) {
    cells = Array(repeating: 0, count: size)
  }
}

/// Plays a cell, or clears the board.
struct BoardReducer: Reducer {
  enum Action: Sendable {
    case play(Int)
    case clear
  }

  func reduce(into state: inout Board, action: Action) -> Effect<Action> {
    switch action {
    case .play(let cell):
      state.cells[cell] += 1
      state.score += 1
      state.changedParts.insert(.cell(cell))
      state.changedParts.insert(.score)
    case .clear:
      state.cells = Array(repeating: 0, count: state.cells.count)
      state.changedParts.insertEverything()
    }
    return .none
  }
}

@MainActor
@Suite struct StorePartsTests {
  @Test func anActionCallsOnlyTheObserversOfThePartsItChanged() {
    let store = Store(initialState: Board(size: 100), reducer: BoardReducer())
    var calls: [String] = []
    store.observe([.score]) { calls.append("score") }
    for cell in 0..<19 { store.observe([.cell(cell)]) { calls.append("cell \(cell)") } }
    store.send(.play(3))
    #expect(calls == ["score", "cell 3"])
    calls = []
    store.send(.play(50))
    #expect(calls == ["score"])
  }

  @Test func everythingCallsEveryObserverOnceInTheOrderAdded() {
    let store = Store(initialState: Board(size: 10), reducer: BoardReducer())
    var calls: [String] = []
    store.observe([.cell(2), .score]) { calls.append("both") }
    store.observe([.cell(1)]) { calls.append("one") }
    store.send(.play(2))
    #expect(calls == ["both"])
    calls = []
    store.send(.clear)
    #expect(calls == ["both", "one"])
  }

  @Test func aRemovedObserverIsNotCalled() {
    let store = Store(initialState: Board(size: 10), reducer: BoardReducer())
    var calls = 0
    let token = store.observe([.score]) { calls += 1 }
    store.send(.play(1))
    store.removeObserver(token)
    store.send(.play(1))
    store.send(.clear)
    #expect(calls == 1)
  }

  @Test func anObserverWithATestSeesTheChangesOfThePartsItAccepts() {
    let store = Store(initialState: Board(size: 10), reducer: BoardReducer())
    var calls = 0
    let shown: (Board.Part) -> Bool = { $0 != .score && $0 != .cell(1) }
    let token = store.observe(where: shown) { calls += 1 }
    store.send(.play(2))
    #expect(calls == 1)
    store.send(.play(1))
    #expect(calls == 1)
    store.send(.clear)
    #expect(calls == 2)
    store.removeObserver(token)
    store.send(.play(3))
    #expect(calls == 2)
  }

  @Test func observationTrackingOfAPartSeesOnlyItsChanges() {
    let store = Store(initialState: Board(size: 10), reducer: BoardReducer())
    let changed = Shared(0)
    func track() {
      let value = withObservationTracking {
        store.read(.cell(1)) { $0.cells[1] }
      } onChange: {
        changed.update { $0 += 1 }
      }
      #expect(value == store.state.cells[1])
    }
    track()
    store.send(.play(2))
    store.send(.play(3))
    #expect(changed.value == 0)
    store.send(.play(1))
    #expect(changed.value == 1)
    track()
    store.send(.clear)
    #expect(changed.value == 2)
  }

  @Test func aRecordPastTheLimitBecomesEverything() {
    var record = ChangedParts<Int>()
    for part in 0..<ChangedParts<Int>.limit { record.insert(part) }
    record.insert(0)
    #expect(record.parts.count == ChangedParts<Int>.limit)
    #expect(!record.includesEverything)
    record.insert(-1)
    #expect(record.includesEverything)
    #expect(record.parts.isEmpty)
    #expect(record.contains(12_345))
    record.removeAll()
    #expect(record.isEmpty)
    #expect(record == ChangedParts<Int>())
  }
}

/// Two boards on one screen, observed through their own records.
struct TwoBoards {
  var left = Board(size: 3)
  var right = Board(size: 3)
}

@MainActor
@Suite struct StoreChildPartsTests {
  /// Plays on the left board, or clears the right one.
  struct TwoBoardsReducer: Reducer {
    func reduce(into state: inout TwoBoards, action: BoardReducer.Action) -> Effect<
      BoardReducer.Action
    > {
      switch action {
      case .play: _ = BoardReducer().reduce(into: &state.left, action: action)
      case .clear: _ = BoardReducer().reduce(into: &state.right, action: action)
      }
      return .none
    }
  }

  @Test func eachHeldStatesPartsReachOnlyItsObservers() {
    let store = Store(initialState: TwoBoards(), reducer: TwoBoardsReducer())
    var heard: [String] = []
    store.observe(\.left, [.cell(1)]) { heard.append("left cell 1") }
    let right = store.observe(\.right, [.score]) { heard.append("right score") }
    store.send(.play(1))
    store.send(.play(2))
    #expect(heard == ["left cell 1"])
    store.send(.clear)
    #expect(heard == ["left cell 1", "right score"])
    store.removeObserver(right)
    store.send(.clear)
    #expect(heard == ["left cell 1", "right score"])
    #expect(store.state.left.changedParts.isEmpty && store.state.right.changedParts.isEmpty)
  }
}
