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
    _ = owned.takeFeatureRequests()
    owned.countSelectedBookWords()
    owned.changedParts = state.changedParts
    #expect(reduced == owned)
  }

  @Test func whatAFeatureAsksOfTheAppIsDoneInTheSameStep() {
    let service = InMemoryWordService()
    let verbs = WordBook(id: Self.book, title: "Verbs", wordCount: 0)
    let nouns = WordBook(id: WordBook.ID(2), title: "Nouns", wordCount: 0)
    var state = AppState(
      seed: 7, books: [verbs, nouns], selectedBookID: verbs.id,
      words: [Word(id: Self.word, term: "가다", meaning: "to go")])
    // The session alone leaves its error for the app, which the invariants see undone.
    _ = StudySessionFeature(service: service).reduce(into: &state.session, action: .view(.undo))
    #expect(state.lastError == nil)
    #expect(
      state.invariantViolations == ["a feature asked the app for something that was not done"])
    #expect(state.takeFeatureRequests() == false)
    #expect(state.lastError == .nothingToUndo && state.invariantViolations == [])
    // The list alone chooses a book; the session opens it once the app takes the request.
    _ = WordbookListFeature(service: service).reduce(
      into: &state.list, action: .view(.selectBook(nouns.id)))
    #expect(state.list.selectedBookID == nouns.id && state.session.bookID == verbs.id)
    #expect(state.takeFeatureRequests() == false)
    #expect(state.session.bookID == nouns.id && state.wordsStatus == .loading)
    #expect(state.session.serviceSync.takeWordsRequest() == nouns.id)
    // The session hears that another book changed; the app has the list load the books again.
    _ = StudySessionFeature(service: service).reduce(
      into: &state.session,
      action: .outsideChanges([
        .wordAdded(Word(id: Word.ID(9), term: "집", meaning: "house"), book: verbs.id)
      ]))
    #expect(state.takeFeatureRequests() == true && state.invariantViolations == [])
  }
}
