import StoreCore
import StoreTesting
import Testing
import Wordbook

/// What a front end shows of a study session, built from the public state only, so the
/// snapshots read like the screen and survive changes to how the state is stored.
struct SessionScreen {
  struct Card {
    var term: String
    var shows: String
    var studyState: StudyState
  }

  var picker: BookPicker
  var mode: StudyMode
  var tally: StudyTally
  var cards: [Card]
  var canUndo: Bool
  var canRedo: Bool
  var error: String?

  init(_ state: AppState) {
    picker = state.picker
    mode = state.session.words.mode
    tally = state.tally
    cards = state.visibleWords.map { word in
      let face = state.face(of: word.id)
      return Card(
        term: word.term, shows: face == .front ? word.term : word.meaning,
        studyState: word.studyState)
    }
    canUndo = state.canUndo
    canRedo = state.canRedo
    error = state.lastError?.message
  }
}

@MainActor
@Suite struct StudySessionSnapshotTests {
  @Test func aStudySession() async {
    let service = InMemoryWordService(books: [
      (
        "Korean verbs",
        [
          WordDraft(term: "가다", meaning: "to go"), WordDraft(term: "오다", meaning: "to come"),
          WordDraft(term: "먹다", meaning: "to eat"), WordDraft(term: "마시다", meaning: "to drink"),
          WordDraft(term: "자다", meaning: "to sleep"),
        ]
      ),
      ("Korean nouns", []),
    ])
    let store = Store(initialState: AppState(seed: 11), reducer: AppReducer(service: service))
    store.send(.books(.view(.loadBooks)))
    await store.settle()
    assertSnapshot(of: SessionScreen(store.state), named: "1-books-loaded")

    store.send(.books(.view(.selectBook(store.state.list.books[0].id))))
    await store.settle()
    store.send(.study(.view(.shuffle)))
    assertSnapshot(of: SessionScreen(store.state), named: "2-shuffled")

    let ids = store.state.visibleWords.map(\.id)
    store.send(.study(.view(.flip(ids[0]))))
    store.send(.study(.view(.markSuccess(ids[0]))))
    store.send(.study(.view(.markFail(ids[1]))))
    await store.settle()
    assertSnapshot(of: SessionScreen(store.state), named: "3-marked")

    store.send(.study(.view(.toggleStudyMode)))
    assertSnapshot(of: SessionScreen(store.state), named: "4-without-successes")

    store.send(.study(.view(.undo)))
    await store.settle()
    store.send(.books(.view(.selectBook(WordBook.ID(404)))))
    assertSnapshot(of: SessionScreen(store.state), named: "5-undone-with-error")
  }
}
