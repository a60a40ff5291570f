import StoreCore
import Wordbook

/// Books of generated words and stores loaded with them, built outside the timed code.
@MainActor
enum Fixtures {
  /// How the generated words are marked.
  enum Marks {
    /// Every word not studied yet.
    case none
    /// A seeded mix: half success, a quarter fail, a quarter not studied.
    case mixed
  }

  static func state(at index: Int, marks: Marks, generator: inout SplitMix64) -> StudyState {
    switch marks {
    case .none: return .notStudied
    case .mixed:
      switch generator.next(below: 4) {
      case 0, 1: return .success
      case 2: return .fail
      default: return .notStudied
      }
    }
  }

  /// `count` words with IDs 1…count and the terms and meanings of ``FixtureText``.
  static func words(count: Int, marks: Marks = .none) -> [Word] {
    var generator = SplitMix64(seed: 7)
    let text = FixtureText.shared
    return (0..<count).map { index in
      let entry = text.entry(at: index)
      return Word(
        id: Word.ID(Int64(index + 1)), term: entry.term, meaning: entry.meaning,
        studyState: state(at: index, marks: marks, generator: &generator))
    }
  }

  /// The same words as ``words(count:marks:)``, as drafts for a service.
  static func drafts(count: Int, marks: Marks = .none) -> [WordDraft] {
    var generator = SplitMix64(seed: 7)
    let text = FixtureText.shared
    return (0..<count).map { index in
      let entry = text.entry(at: index)
      return WordDraft(
        term: entry.term, meaning: entry.meaning,
        studyState: state(at: index, marks: marks, generator: &generator))
    }
  }

  /// A store whose selected book holds `count` words, loaded through the service as an app
  /// does, with an observer attached that reads the state after every action unless
  /// `observed` is false.
  static func loadedStore(
    count: Int, marks: Marks = .none, observed: Bool = true
  ) async -> LoadedStore {
    let service = InMemoryWordService(books: [("Benchmark", drafts(count: count, marks: marks))])
    let store = Store(initialState: AppState(seed: 42), reducer: AppReducer(service: service))
    store.send(.books(.view(.loadBooks)))
    await store.settle()
    guard let book = store.state.list.books.first else {
      fatalError("the in-memory service lost its book")
    }
    store.send(.books(.view(.selectBook(book.id))))
    await store.settle()
    guard store.state.session.words.count == count else {
      fatalError("loaded \(store.state.session.words.count) words instead of \(count)")
    }
    let visible = store.state.visibleWords
    let ids = visible.indices.map { visible.id(at: $0) }
    let sink = ObserverSink()
    if observed {
      store.observe { [unowned store] in sink.total &+= store.state.tally.success }
    }
    return LoadedStore(store: store, service: service, book: book, wordIDs: ids, sink: sink)
  }

  /// A plain state holding the same book as `loaded`, built with bare reducer calls.
  static func bareState(like loaded: LoadedStore) async -> AppState {
    let reducer = AppReducer(service: loaded.service)
    var state = AppState(seed: 42)
    guard let words = try? await loaded.service.fetchWords(in: loaded.book.id) else {
      fatalError("the in-memory service lost its words")
    }
    reducer.apply(.books(.booksLoaded(.success([loaded.book]))), to: &state)
    reducer.apply(.books(.view(.selectBook(loaded.book.id))), to: &state)
    reducer.apply(.study(.wordsLoaded(loaded.book.id, .success(words))), to: &state)
    return state
  }
}

/// What an observer reads, kept so the read cannot be optimized away.
@MainActor
final class ObserverSink {
  var total = 0
}

/// A store loaded with a book, the service behind it, and the book's word IDs in order.
@MainActor
struct LoadedStore {
  let store: Store<AppState, AppAction>
  let service: InMemoryWordService
  let book: WordBook
  let wordIDs: [Word.ID]
  let sink: ObserverSink
}
