import Foundation
import StoreCore
import StoreTesting
import Testing
import Wordbook
import WordbookTesting

/// The examples of the README ("Use it as a library") and of its guide `docs/FrontEnd.md`, as
/// written there: "A state, a reducer and a store", "Wiring a front end to a WordService",
/// "Testing with StoreTesting" and its recording and replay.
@MainActor
@Suite struct ReadmeExampleTests {
  /// "A state, a reducer and a store".
  struct CounterExample {
    struct Counter: Equatable {
      var count = 0
      var fact: String?
    }

    enum CounterAction: Equatable, Sendable {
      case increment
      case factButtonTapped
      case factLoaded(String)
    }

    struct CounterReducer: Reducer {
      func reduce(into state: inout Counter, action: CounterAction) -> Effect<CounterAction> {
        switch action {
        case .increment:
          state.count += 1
          return .none
        case .factButtonTapped:
          let count = state.count
          return .run { send in await send(.factLoaded("\(count) is a number")) }
        case .factLoaded(let fact):
          state.fact = fact
          return .none
        }
      }
    }

    @MainActor func demo() async {
      let store = Store(initialState: Counter(), reducer: CounterReducer())
      store.send(.increment)  // processed at once: store.state.count == 1
      #expect(store.state.count == 1)
      await store.send(.factButtonTapped).finish()  // waits for the effect's action
      print(store.state.fact ?? "")  // "1 is a number"
      #expect(store.state.fact == "1 is a number")
    }
  }

  @Test func aStateAReducerAndAStore() async {
    await CounterExample().demo()
  }

  /// "Wiring a front end to a WordService".
  @MainActor
  struct WiringExample {
    final class Renders {
      var count = 0
    }

    let renders = Renders()

    func render(_ state: AppState) { renders.count += 1 }

    func startSession(service: any WordService) -> Store<AppState, AppAction> {
      let store = Store(
        initialState: AppState(seed: UInt64.random(in: 0...UInt64.max)),
        reducer: AppReducer(service: service)
      )
      store.observe { render(store.state) }  // or bind store.state in a SwiftUI view
      store.send(.books(.view(.loadBooks)))
      return store
    }
  }

  @Test func wiringAFrontEnd() async {
    let wiring = WiringExample()
    let store = wiring.startSession(service: InMemoryWordService(books: SampleWordbook.books))
    #expect(store.state.list.booksStatus == .loading)
    #expect(wiring.renders.count == 1)
    await store.settle()
    #expect(store.state.list.books.map(\.title) == [SampleWordbook.title])
    #expect(wiring.renders.count > 1)
  }

  /// "Testing with StoreTesting": recording a session and replaying it; and the same with
  /// `assertReplay`, as `Wordbook.docc/TestingAFrontEndsCore.md` shows it.
  @Test func recordingAndReplaying() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("ReadmeExampleTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("session.jsonl")
    let path = url.path
    let seed: UInt64 = 5
    let service = InMemoryWordService(books: SampleWordbook.books)

    let recorder = try JSONLinesActionRecorder<AppAction>(path: path, seed: seed)
    let store = Store(
      initialState: AppState(seed: seed), reducer: AppReducer(service: service),
      recorder: recorder, checkpoint: \.checkpointSummary)
    store.send(.books(.view(.loadBooks)))
    await store.settle()
    store.send(.books(.view(.selectBook(store.state.list.books[0].id))))
    await store.settle()
    store.send(.study(.view(.shuffle)))
    store.finishRecording()

    let log = try ActionLogDecoder.decodeLog(AppAction.self, from: Data(contentsOf: url))
    let result = replay(
      log.entries, from: AppState(seed: log.header?.seed ?? 0),
      reducer: AppReducer(service: InMemoryWordService()), checkpoint: \.checkpointSummary)
    // result.state: the final state; result.divergence: the first checkpoint that differs
    #expect(result.divergence == nil)
    #expect(result.state.visibleWords.map(\.id) == store.state.visibleWords.map(\.id))

    let final = assertReplay(
      log.entries, from: AppState(seed: log.header?.seed ?? 0),
      reducer: AppReducer(service: InMemoryWordService()), checkpoint: \.checkpointSummary)
    #expect(final.visibleWords.map(\.id) == store.state.visibleWords.map(\.id))
    #expect(log.header?.seed == seed)
  }

  @Test func aFailedMarkIsKeptForARetry() async {
    let verbs = WordBook(id: WordBook.ID(1), title: "Verbs", wordCount: 0)
    let go = Word(id: Word.ID(1), term: "가다", meaning: "to go", studyState: .success)
    let state = AppState(seed: 1, books: [verbs], selectedBookID: verbs.id, words: [go])
    let service = ScriptedWordService(wrapping: InMemoryWordService())
    let offline = WordServiceError(.unavailable, "The test is offline.")
    await service.fail(.updateStudyStates, call: 1, with: offline)

    await withTestStore(initialState: state, reducer: AppReducer(service: service)) { store in
      store.send(.study(.view(.toggleStudyMode))) { $0.setStudyMode(.excludeSuccess) }
      store.send(.study(.view(.resetMark(go.id)))) {
        $0.session.words.setStudyState(.notStudied, of: go.id)
      }
      await store.receive(.study(.studyStatesSaved(.failure(offline)))) {
        $0.session.words.setStudyState(.success, of: go.id)
        $0.session.unsavedMarks = [go.id: .notStudied]
        $0.lastError = .service(offline)
      }
      assertSnapshot(of: store.state.tally, named: "after-the-failure")
    }  // end-of-test checks: a running effect or an unreceived action fails at its `send`
  }
}
