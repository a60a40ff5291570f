import StoreCore
import StoreTesting
import Testing
import Wordbook

/// An app's own feature beside `AppState`: its state holds the app's, its reducer scopes the
/// app's, and neither forwards bookkeeping or parts.
struct Lesson: Equatable, Sendable, PartTrackingState {
  enum Part: Hashable, Sendable { case goal }

  var app: AppState
  var goal = 10
  var changedParts = ChangedParts<Part>()
}

enum LessonAction: Equatable, EmbedsAppAction {
  case app(AppAction)
  case setGoal(Int)

  var app: AppAction? {
    if case .app(let action) = self { action } else { nil }
  }
}

struct LessonReducer: Reducer {
  let service: any WordService

  func reduce(into state: inout Lesson, action: LessonAction) -> Effect<LessonAction> {
    let app = Scope(
      state: \Lesson.app, action: \LessonAction.app, embed: LessonAction.app,
      child: AppReducer(service: service))
    switch action {
    case .app: return app.reduce(into: &state, action: action)
    case .setGoal(let goal):
      state.goal = goal
      state.changedParts.insert(.goal)
      return .none
    }
  }
}

@MainActor
@Suite struct ComposedFeatureTests {
  let memory = InMemoryWordService(books: [
    ("Fruit", [WordDraft(term: "사과", meaning: "apple"), WordDraft(term: "배", meaning: "pear")])
  ])

  @Test func aComposedStateIsTestedExhaustivelyWithoutForwarding() async throws {
    let books = try await memory.fetchBooks()
    let words = try await memory.fetchWords(in: books[0].id)
    let initial = Lesson(app: AppState(seed: 3))
    await withTestStore(initialState: initial, reducer: LessonReducer(service: memory)) {
      store in
      store.send(.books(.loadBooks)) { $0.app.list.booksStatus = .loading }
      await store.receive(.app(.books(.booksLoaded(.success(books))))) {
        $0.app.list.books = books
        $0.app.list.booksStatus = .loaded
        $0.app.list.isReopeningLastBook = true
      }
      await store.receive(.app(.books(.lastStudiedBookLoaded(.success(nil))))) {
        $0.app.list.isReopeningLastBook = false
      }
      store.send(.app(.books(.view(.selectBook(books[0].id))))) {
        $0.app.session.bookID = books[0].id
        $0.app.session.wordsStatus = .loading
      }
      await store.receive(.app(.study(.wordsLoaded(books[0].id, .success(words))))) {
        $0.app.session.words = WordList(words)
        $0.app.session.wordsStatus = .loaded
        $0.app.startRound()
      }
      // The marks on their way and the undo step are the app's bookkeeping: not described. A
      // view action needs no nesting: `.study(.markSuccess(id))` is
      // `.app(.study(.view(.markSuccess(id))))`.
      store.send(.study(.markSuccess(words[0].id))) {
        $0.app.session.words.setStudyState(.success, of: words[0].id)
      }
      await store.receive(
        .app(.study(.studyStatesSaved(.success([.init(wordID: words[0].id, state: .success)])))))
      store.send(.setGoal(20)) { $0.goal = 20 }
    }
  }

  @Test func theShorthandIsTheNestedAction() {
    let id = Word.ID(1)
    #expect(LessonAction.study(.markSuccess(id)) == .app(.study(.view(.markSuccess(id)))))
    #expect(AppAction.study(.markSuccess(id)) == .study(.view(.markSuccess(id))))
    #expect(AppAction.books(.loadBooks) == .books(.view(.loadBooks)))
  }

  @Test func theAppsPartsAndTheFeaturesOwnAreObservedWithoutForwarding() async throws {
    let books = try await memory.fetchBooks()
    let words = try await memory.fetchWords(in: books[0].id)
    var app = AppState(seed: 3, books: books, selectedBookID: books[0].id, words: words)
    app.changedParts.removeAll()
    let store = Store(initialState: Lesson(app: app), reducer: LessonReducer(service: memory))
    var heard: [String] = []
    store.observe(\.app, [.tally]) { heard.append("tally") }
    store.observe(\.app, [.card(words[1].id)]) { heard.append("card 2") }
    store.observe([.goal]) { heard.append("goal") }

    store.send(.study(.markFail(words[1].id)))
    #expect(heard == ["tally", "card 2"])
    heard = []
    store.send(.setGoal(5))
    #expect(heard == ["goal"])
    heard = []
    store.send(.app(.study(.view(.flip(words[0].id)))))
    #expect(heard == [])
    await store.settle()
  }
}
