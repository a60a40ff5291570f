import StoreCore
import Wordbook
import WordbookTerminal

/// A mark made from the study screen's key (→ on the current card, which marks it and moves
/// on) through the terminal's store, `StudyScreenReducer` around `AppReducer`, with the
/// terminal's part observer attached; beside `Store.send(.study(.view(.markSuccess)))` on a store of the app
/// alone marking the same words in the same order.
///
/// The screen's store holds the app's state inside its own and reaches it through `Scope`; if
/// any step copied the state, a mark on a large book would copy every word and the time would
/// grow with the book. It does not: about 5 µs a key at 10k and at 1M words, against 1 µs for
/// the bare mark, the rest being the key's mapping, the second action (the key, then the mark
/// it asks for) and the screen's part record. The target of 10× is far below what one copy of
/// a million words costs.
struct StudyScreenKeysScenario: Scenario {
  let name = "studyScreenKeys"

  func run(size: Int, runs: Int, into results: Results) async throws {
    let screen = await Self.openedScreen(count: size)
    let loaded = await Fixtures.loadedStore(count: size)
    let app = loaded.store
    let sink = ObserverSink()
    // The terminal's observer: every part but unsaved marks.
    let shown: (StudyScreen.Part) -> Bool = { $0 != .app(.marks) }
    screen.observe(where: shown) { [unowned screen] in
      sink.total &+= screen.state.app.tally.success
    }
    let marks = max(1, min(20_000, size / (runs + 1)))
    var round = 0
    let samples = await interleavedSamples(
      runs: runs,
      [
        {
          let time = nanosecondsPerOperation(marks) {
            for _ in 0..<marks { screen.send(.key(.right, pageSize: 10)) }
          }
          await screen.settle()
          return time
        },
        {
          let start = round * marks
          round += 1
          let slice = loaded.wordIDs[start..<start + marks]
          let time = nanosecondsPerOperation(marks) {
            for id in slice { app.send(.study(.view(.markSuccess(id)))) }
          }
          await app.settle()
          return time
        },
      ])
    blackHole(sink.total)
    blackHole(loaded.sink.total)
    guard screen.state.app.tally.success == app.state.tally.success else {
      fatalError("the screen and the app's store marked different numbers of words")
    }

    let label = sizeLabel(size)
    let keys = Measurement(
      name: "StudyScreen.send.keyMark(\(label))", scenario: name, size: size, unit: .nanoseconds,
      samples: samples[0])
    let bare = Measurement(
      name: "AppStore.send.markSuccess(\(label))", scenario: name, size: size,
      unit: .nanoseconds, samples: samples[1])
    results.add(keys)
    results.add(bare)
    results.compare(keys, with: bare, .atMost, 10)
  }

  /// A study screen's store on a book of `count` words, opened by the screen itself as the
  /// terminal's is.
  @MainActor
  private static func openedScreen(count: Int) async -> Store<StudyScreen, StudyScreenAction> {
    let service = InMemoryWordService(books: [("Benchmark", Fixtures.drafts(count: count))])
    let store = Store(
      initialState: StudyScreen(app: AppState(seed: 42)),
      reducer: StudyScreenReducer(app: AppReducer(service: service)))
    store.send(.app(.books(.view(.loadBooks))))
    while store.state.app.session.wordsStatus != .loaded { await store.settle() }
    guard store.state.app.session.words.count == count else {
      fatalError("loaded \(store.state.app.session.words.count) words instead of \(count)")
    }
    return store
  }
}
