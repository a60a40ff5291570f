import StoreCore
import Testing
import Wordbook

/// The study screen as a store's feature, as the page's session runs it, through the public
/// API alone.
@MainActor
@Suite struct StudyScreenFeatureTests {
  private nonisolated static let time = Timestamp(secondsSince1970: 1_800_000_000)

  /// A store of the screen over two books of `count` words, the first open.
  private func openedStore(count: Int = 4) async -> Store<
    StudyScreenFeature.State, StudyScreenFeature.Action
  > {
    let drafts = (1...count).map { WordDraft(term: "term \($0)", meaning: "meaning \($0)") }
    let service = InMemoryWordService(books: [("Verbs", drafts), ("Nouns", drafts)])
    let store = Store(
      initialState: StudyScreenFeature.State(app: AppState(seed: 3)),
      reducer: StudyScreenFeature(app: AppReducer(service: service, clock: { Self.time })))
    store.send(.app(.books(.view(.loadBooks))))
    await store.settle()
    if let first = store.state.app.list.books.first {
      store.send(.app(.books(.view(.selectBook(first.id)))))
      await store.settle()
    }
    return store
  }

  @Test func aRatingRatesTheCurrentCardMovesOnAndTheLastEndsTheRound() async {
    let store = await openedStore()
    var screenChanges = 0
    store.observe([.screen]) { screenChanges += 1 }
    let visible = store.state.app.visibleWords
    store.send(.command(.moveTo(2), at: Self.time))
    store.send(.command(.rate(.easy), at: Self.time))
    await store.settle()
    #expect(store.state.app.session.words[visible.id(at: 2)]?.studyState == .success)
    #expect(store.state.cards.cursor == 3 && !store.state.app.session.round.isOver)
    // The last card, then the two skipped before the one rated first: *easy* sends a new card
    // to review, so none comes back, and the round is over.
    for expected in [3, 0, 1] {
      #expect(store.state.cards.cursor == expected)
      store.send(.command(.rate(.easy), at: Self.time))
      await store.settle()
    }
    #expect(store.state.app.session.round.isOver && store.state.cards.isRoundOver(store.state.app))
    #expect(
      store.state.app.session.round.ratedCount == 4 && store.state.app.session.round.missed.isEmpty)
    // Nothing rates a card of an ended round.
    let tally = store.state.app.tally
    store.send(.command(.rate(.again), at: Self.time))
    await store.settle()
    #expect(store.state.app.tally == tally && store.state.app.session.round.isOver)
    // A command that moves nothing tells no observer.
    let changes = screenChanges
    store.send(.command(.toggleReverse, at: Self.time))
    store.send(.command(.toggleReverse, at: Self.time))
    await store.settle()
    #expect(screenChanges == changes)
  }

  @Test func anotherBookStartsFromItsFirstCard() async {
    let store = await openedStore()
    store.send(.command(.moveTo(2), at: Self.time))
    #expect(store.state.cards.cursor == 2)
    store.send(.app(.books(.view(.selectBook(store.state.app.list.books[1].id)))))
    #expect(store.state.cards.cursor == 0)
    await store.settle()
    #expect(store.state.app.visibleWords.count == 4)
  }

  @Test func theCursorStaysAmongTheCardsWhenTheyGo() async {
    let store = await openedStore(count: 3)
    store.send(.command(.last, at: Self.time))
    let last = store.state.app.visibleWords.id(at: 2)
    store.send(.app(.study(.view(.deleteWord(last)))))
    await store.settle()
    #expect(store.state.app.visibleWords.count == 2)
    #expect(store.state.cards.cursor == 1)
  }
}
