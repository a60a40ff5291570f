import StoreCore
import Testing

@testable import Wordbook

/// How ``AppReducer`` is composed: each case of ``AppAction`` runs one feature, and the
/// whole reducer does to the state what that feature alone does.
@Suite struct AppReducerFeaturesTests {
  static let book = WordBook.ID(1)
  static let word = Word.ID(1)
  static let failure = WordServiceError.bookNotFound(book)

  static let actions: [AppAction] = [
    .books(.bookCreated(.failure(failure))), .books(.bookDeleted(book, .success(book))),
    .books(.bookRenamed(.failure(failure))), .books(.booksLoaded(.success([]))),
    .books(.view(.createBook(title: "Verbs"))),
    .books(.view(.deleteBook(book))), .books(.lastStudiedBookLoaded(.success(nil))),
    .books(.view(.loadBooks)),
    .books(.view(.renameBook(book, title: "Nouns"))), .books(.view(.selectBook(book))),
    .study(.wordsLoaded(book, .success([]))),
    .study(.firstWordsLoaded(book, [])),
    .study(.view(.flip(word))), .study(.view(.markFail(word))), .study(.view(.markSuccess(word))),
    .study(.view(.redo)), .study(.view(.retryUnsavedMarks)),
    .study(.view(.resetMark(word))), .study(.view(.setSearchQuery("go"))),
    .study(.view(.setStudyMode(.failedOnly))), .study(.view(.shuffle)),
    .study(.studyStatesSaved(.success([]))), .study(.view(.toggleReverse)),
    .study(.view(.toggleStudyMode)), .study(.view(.undo)),
    .study(.view(.rate(word, .hard, at: Timestamp(secondsSince1970: 1_800_000_000)))),
    .study(.reviewRecorded(word, .success(.new))), .study(.reviewRemoved(word, .failure(failure))),
    .study(
      .scheduleLoaded(
        book,
        .success(
          BookSchedule(
            time: Timestamp(secondsSince1970: 1_800_000_000), newWordsPerDay: 20, dueTimes: [:])))),
    .study(.view(.deleteWord(word))), .dismissError,
    .study(.view(.editWord(word, term: "가다", meaning: "to go"))),
    .study(.view(.saveWord(term: "오다", meaning: "to come"))),
    .study(.wordDeleted(word, .failure(failure))),
    .study(.wordEdited(book, .failure(failure))), .study(.wordSaved(book, .failure(failure))),
    .books(.outsideBooksLoaded(.success([]))), .study(.outsideChanges([.booksChanged])),
    .study(.outsideWordsLoaded(book, .success([]))), .study(.view(.subscribeToChanges)),
    .study(.view(.unsubscribeFromChanges)),
  ]

  @Test(arguments: actions)
  func theWholeReducerDoesWhatTheOwningFeatureDoes(_ action: AppAction) {
    let service = InMemoryWordService()
    let verbs = WordBook(id: Self.book, title: "Verbs", wordCount: 0)
    let state = AppState(
      seed: 7, books: [verbs], selectedBookID: verbs.id,
      words: [Word(id: Self.word, term: "가다", meaning: "to go")])
    var reduced = state
    _ = AppReducer(service: service).reduce(into: &reduced, action: action)
    reduced.changedParts = state.changedParts
    var owned = state
    switch action {
    case .books(let action):
      _ = WordbookListFeature(service: service).reduce(into: &owned.list, action: action)
    case .study(let action):
      _ = StudySessionFeature(service: service).reduce(into: &owned.session, action: action)
    case .dismissError: owned.lastError = nil
    }
    owned.countSelectedBookWords()
    owned.changedParts = state.changedParts
    #expect(reduced == owned)
  }

  @Test func aFeatureTellsTheAppThroughADelegateAction() {
    let service = InMemoryWordService()
    let verbs = WordBook(id: Self.book, title: "Verbs", wordCount: 0)
    let nouns = WordBook(id: WordBook.ID(2), title: "Nouns", wordCount: 0)
    var state = AppState(
      seed: 7, books: [verbs, nouns], selectedBookID: verbs.id,
      words: [Word(id: Self.word, term: "가다", meaning: "to go")])
    let app = AppReducer(service: service)
    // The session alone changes nothing of the app's: it says what to do in a delegate action.
    var session = state.session
    let sent = StudySessionFeature(service: service).reduce(into: &session, action: .view(.undo))
      .sentActions
    #expect(sent == [.delegate(.showError(.nothingToUndo))] && session == state.session)
    app.apply(.study(.view(.undo)), to: &state)
    #expect(state.lastError == .nothingToUndo && state.invariantViolations == [])
    // The list alone chooses a book; the session, which owns the choice, opens it.
    var list = state.list
    let told = WordbookListFeature(service: service).reduce(
      into: &list, action: .view(.selectBook(nouns.id))
    ).sentActions
    #expect(told == [.delegate(.openBook(nouns.id, .loading))])
    app.apply(.books(.view(.selectBook(nouns.id))), to: &state)
    #expect(state.session.bookID == nouns.id && state.session.wordsStatus == .loading)
    #expect(state.invariantViolations == [])
  }

  @MainActor @Test func aDelegateActionIsRecordedInTheLog() {
    let log = ActionLog<AppAction>()
    let verbs = WordBook(id: Self.book, title: "Verbs", wordCount: 0)
    let store = Store(
      initialState: AppState(seed: 7, books: [verbs]),
      reducer: AppReducer(service: InMemoryWordService()), recorder: log)
    store.send(.study(.view(.undo)))
    #expect(
      log.entries.map(\.action) == [
        .study(.view(.undo)), .study(.delegate(.showError(.nothingToUndo))),
      ])
    #expect(log.entries.map(\.origin) == [.caller, .sent])
  }
}
