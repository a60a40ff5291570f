import StoreCore
import Wordbook

/// A store on an in-memory service, loaded with `books` and showing the first one.
@MainActor
func makeLoadedStore(
  books: [(title: String, words: [WordDraft])] = [
    ("Verbs", (1...6).map { WordDraft(term: "term \($0)", meaning: "meaning \($0)") }),
    ("Nouns", (1...3).map { WordDraft(term: "noun \($0)", meaning: "thing \($0)") }),
  ],
  faults: InMemoryWordService.Faults = .none,
  seed: UInt64 = 7
) async -> (Store<AppState, AppAction>, InMemoryWordService) {
  let service = InMemoryWordService(books: books, faults: faults)
  let store = Store(initialState: AppState(seed: seed), reducer: AppReducer(service: service))
  store.send(.books(.view(.loadBooks)))
  await store.settle()
  if let first = store.state.list.books.first {
    store.send(.books(.view(.selectBook(first.id))))
    await store.settle()
  }
  return (store, service)
}

extension VisibleWords {
  /// The IDs of the visible words, in order.
  var ids: [Word.ID] { indices.map { id(at: $0) } }
}
