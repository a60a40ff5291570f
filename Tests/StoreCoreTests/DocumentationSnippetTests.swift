import Foundation
import StoreCore
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The examples of StoreCore's documentation comments, as written there, so that they keep
/// compiling and saying what they show. `Counter` and `CounterAction` are the fixtures' (the
/// `Reducer` example is `Counter` itself); `Cart` is in `InvariantCheckingStateTests`.
@MainActor
@Suite struct DocumentationSnippetTests {
  /// `Reducer`, `Reduce` and `Store`.
  @Test func theStoreExamples() {
    let counter = Reduce<Int, CounterAction> { state, action in
      state += 1
      return .none
    }
    _ = counter

    let store = Store(initialState: 0, reducer: Counter())
    store.send(.increment)
    #expect(store.state == 1)
  }

  /// `Store.changes()`.
  @Test func theChangesExample() async {
    let store = Store(initialState: 0, reducer: Counter())
    var rendered: [Int] = []
    func render(_ state: Int) {
      rendered.append(state)
      withUnsafeCurrentTask { $0?.cancel() }  // one frame is all the test needs
    }
    let loop = Task {
      for await _ in store.changes() { render(store.state) }
    }
    await Task.yield()
    store.send(.increment)
    await loop.value
    #expect(rendered == [1])
  }

  /// A server for the `Effect` example.
  struct Server: Sendable {
    func fetchCount() async throws -> Int { 41 }
  }

  /// `Effect`.
  func effectExample(server: Server) -> Effect<CounterAction> {
    return .run { send in
      let count = try await server.fetchCount()
      await send(.set(count))
    } catch: { error, send in
      await send(.set(0))
    }
    .cancellable(id: "fetch-count", cancelInFlight: true)
  }

  /// `StoreTask` and `Send`.
  @Test func theEffectExamples() async {
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, CounterAction> { state, action in
        if action == .increment { return effectExample(server: Server()) }
        return Counter().reduce(into: &state, action: action)
      })
    await store.send(.increment).finish()
    #expect(store.state == 41)
  }

  struct Settings {
    var volume = 0
  }

  enum SettingsAction: Sendable {
    case volume(CounterAction)
  }

  /// `Scope`.
  @Test func theScopeExample() {
    let volume = Scope(
      state: \Settings.volume,
      action: { if case .volume(let action) = $0 { action } else { nil } },
      embed: SettingsAction.volume,
      child: Counter()
    )
    let store = Store(initialState: Settings(), reducer: volume)
    store.send(.volume(.increment))
    #expect(store.state.volume == 1)
  }

  /// `PartTrackingState`.
  struct Board: PartTrackingState {
    enum Part: Hashable, Sendable {
      case score
      case cell(Int)
    }
    var cells: [Int]
    var score = 0
    var changedParts = ChangedParts<Part>()

    mutating func play(_ cell: Int) {
      cells[cell] += 1
      score += 1
      changedParts.insert(.cell(cell))
      changedParts.insert(.score)
    }
  }

  /// `PartTrackingState`, `Store.observe(_:_:)`, `Store.observe(where:_:)` and `Store.read`.
  @Test func thePartExamples() {
    let store = Store(
      initialState: Board(cells: [0, 0, 0, 0]),
      reducer: Reduce<Board, Int> { state, cell in
        state.play(cell)
        return .none
      })
    var redrawn: [String] = []
    func redrawCell(_ cell: Int) { redrawn.append("cell \(cell)") }
    func redrawBoard() { redrawn.append("board") }
    store.observe([.cell(3)]) { redrawCell(3) }
    store.observe([.score, .cell(3)]) { redrawCell(3) }
    store.observe(where: { $0 != .score }, redrawBoard)
    store.send(3)
    let moves = store.read(.score) { $0.score }
    #expect(moves == 1)
    #expect(redrawn.sorted() == ["board", "cell 3", "cell 3"])
  }

  /// `Store.observe(_:_:_:)`.
  enum HeldParts {
    struct Screen {
      var board: Board
      var title = ""
    }
  }

  @Test func theHeldPartsExample() {
    let store = Store(
      initialState: HeldParts.Screen(board: Board(cells: [0, 0])),
      reducer: Reduce<HeldParts.Screen, Int> { state, cell in
        state.board.play(cell)
        return .none
      })
    var scores = 0
    func renderScore() { scores += 1 }
    store.observe(\.board, [.score]) { renderScore() }
    store.send(1)
    #expect(scores == 1)
  }

  /// `ActionLog`.
  @Test func theActionLogExample() {
    let log = ActionLog<CounterAction>(checkpointInterval: 100)
    let store = Store(
      initialState: 0, reducer: Counter(), recorder: log, checkpoint: { "count=\($0)" })
    store.send(.increment)
    store.finishRecording()
    #expect(
      log.entries == [
        ActionLogEntry(sequence: 1, origin: .caller, action: .increment, checkpoint: "count=1")
      ])
  }

  /// `JSONLinesActionRecorder` and `ActionLogReader`.
  @Test func theJSONLinesExamples() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("DocumentationSnippetTests-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let recorder = try JSONLinesActionRecorder<CounterAction>(path: path, seed: 42)
    let store = Store(
      initialState: 0, reducer: Counter(), recorder: recorder, checkpoint: { "count=\($0)" })
    store.send(.increment)
    store.finishRecording()

    let descriptor = open(path, O_RDONLY)
    defer { close(descriptor) }
    var reader = ActionLogReader<CounterAction>(fileDescriptor: descriptor)
    var state = 0
    while let entry = try reader.next() {
      _ = Counter().reduce(into: &state, action: entry.action)
    }
    #expect(state == 1)
    #expect(reader.header?.seed == 42)
  }

  /// The overview's recording and replay (`StoreCore.docc/StoreCore.md`).
  @Test func theOverviewsRecordingAndReplay() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("DocumentationSnippetTests-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let url = URL(fileURLWithPath: path)

    let recorder = try JSONLinesActionRecorder<CounterAction>(path: path, seed: 42)
    let store = Store(
      initialState: 0, reducer: Counter(), recorder: recorder, checkpoint: { "count=\($0)" })
    store.send(.increment)
    store.finishRecording()

    let log = try ActionLogDecoder.decodeLog(CounterAction.self, from: Data(contentsOf: url))
    let result = replay(log.entries, from: 0, reducer: Counter(), checkpoint: { "count=\($0)" })
    if let divergence = result.divergence { print(divergence) }
    #expect(log.header?.seed == 42)
    #expect(result.state == 1)
    #expect(result.divergence == nil)
  }

  /// The overview's counter (`StoreCore.docc/StoreCore.md`), with its own action type.
  struct Overview {
    enum CounterAction: Sendable { case increment, incrementLater, decrement }

    struct Counter: Reducer {
      func reduce(into state: inout Int, action: CounterAction) -> Effect<CounterAction> {
        switch action {
        case .increment: state += 1
        case .decrement: state -= 1
        case .incrementLater:
          return .run { send in
            await Task.yield()  // any asynchronous work: a timer, a request
            await send(.increment)
          }
        }
        return .none
      }
    }

    @MainActor func demo() async {
      let store = Store(initialState: 0, reducer: Counter())
      store.send(.increment)
      await store.send(.incrementLater).finish()
      print(store.state)  // 2
      #expect(store.state == 2)
    }
  }

  @Test func theOverviewsCounter() async {
    await Overview().demo()
    var state = 2
    _ = Overview.Counter().reduce(into: &state, action: .decrement)
    #expect(state == 1)
  }

  /// `Effect.isNone`, with the counter of a screen whose tap asks for no work.
  struct Tapping {
    struct Counter: Reducer {
      struct State: Equatable { var count = 0 }
      enum Action: Sendable { case incrementTapped }

      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        state.count += 1
        return .none
      }
    }
  }

  @Test func theIsNoneExample() {
    typealias Counter = Tapping.Counter
    var state = Counter.State()
    #expect(Counter().reduce(into: &state, action: .incrementTapped).isNone)
    #expect(state.count == 1)
    #expect(!Effect<CounterAction>.send(.increment).isNone)
  }

  /// `ActionLogReplay` and `replay`.
  @Test func theReplayExamples() {
    var replay = ActionLogReplay(from: 0, reducer: Counter(), checkpoint: { "count=\($0)" })
    replay.apply(ActionLogEntry(sequence: 1, origin: .caller, action: .increment))
    #expect(replay.state == 1)
  }

  @Test func theReplayFunctionExample() {
    let log = ActionLog<CounterAction>()
    log.record(ActionLogEntry(sequence: 1, origin: .caller, action: .set(5), checkpoint: "count=5"))
    let result = replay(log.entries, from: 0, reducer: Counter(), checkpoint: { "count=\($0)" })
    #expect(result.state == 5)
    #expect(result.divergence == nil)
  }

  /// `Bookkeeping`.
  struct Upload: Equatable {
    var isUploading = false
    @Bookkeeping var attempts = 0
  }

  struct Screen: Equatable {
    var upload = Upload()
    var title = ""
  }

  @Test func theBookkeepingExample() {
    var tried = Screen()
    tried.upload.attempts = 3
    #expect(tried == Screen())
    tried.upload.isUploading = true
    #expect(tried != Screen())
    #expect(tried.upload.attempts == 3)
  }
}
