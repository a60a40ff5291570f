import StoreCore
import Testing

@testable import Wordbook

/// How ``AppReducer`` is composed: every action belongs to exactly one feature, and a feature
/// passes the others' actions by untouched.
@Suite struct AppReducerFeaturesTests {
  enum Feature: Hashable, CaseIterable {
    case wordbookList, studySession, wordEditor, outsideChanges
  }

  static let book = WordBook.ID(1)
  static let word = Word.ID(1)
  static let failure = WordServiceError.bookNotFound(book)

  /// One action of each case of ``AppAction``, with the feature its documentation gives it.
  /// The switch has no default, so a new case doesn't compile until it is listed here.
  static func owner(of action: AppAction) -> Feature {
    switch action {
    case .bookCreated, .bookDeleted, .bookRenamed, .booksLoaded, .createBook, .deleteBook,
      .firstWordsLoaded, .lastStudiedBookLoaded, .loadBooks, .renameBook, .selectBook,
      .wordsLoaded:
      .wordbookList
    case .flip, .markFail, .markSuccess, .redo, .retryUnsavedMarks, .resetMark, .setSearchQuery,
      .setStudyMode, .shuffle, .studyStatesSaved, .toggleReverse, .toggleStudyMode, .undo, .rate,
      .reviewRecorded, .reviewRemoved, .scheduleLoaded:
      .studySession
    case .deleteWord, .dismissError, .editWord, .saveWord, .wordDeleted, .wordEdited, .wordSaved:
      .wordEditor
    case .outsideBooksLoaded, .outsideChanges, .outsideWordsLoaded, .subscribeToChanges,
      .unsubscribeFromChanges:
      .outsideChanges
    }
  }

  static let actions: [AppAction] = [
    .bookCreated(.failure(failure)), .bookDeleted(book, .success(book)),
    .bookRenamed(.failure(failure)), .booksLoaded(.success([])), .createBook(title: "Verbs"),
    .deleteBook(book), .lastStudiedBookLoaded(.success(nil)), .loadBooks,
    .renameBook(book, title: "Nouns"), .selectBook(book), .wordsLoaded(book, .success([])),
    .firstWordsLoaded(book, []),
    .flip(word), .markFail(word), .markSuccess(word), .redo, .retryUnsavedMarks,
    .resetMark(word), .setSearchQuery("go"), .setStudyMode(.failedOnly), .shuffle,
    .studyStatesSaved(.success([])), .toggleReverse, .toggleStudyMode, .undo,
    .rate(word, .hard, at: Timestamp(secondsSince1970: 1_800_000_000)),
    .reviewRecorded(word, .success(.new)), .reviewRemoved(word, .failure(failure)),
    .scheduleLoaded(
      book,
      .success(
        BookSchedule(
          time: Timestamp(secondsSince1970: 1_800_000_000), newWordsPerDay: 20, dueTimes: [:]))),
    .deleteWord(word), .dismissError, .editWord(word, term: "가다", meaning: "to go"),
    .saveWord(term: "오다", meaning: "to come"), .wordDeleted(word, .failure(failure)),
    .wordEdited(book, .failure(failure)), .wordSaved(book, .failure(failure)),
    .outsideBooksLoaded(.success([])), .outsideChanges([.booksChanged]),
    .outsideWordsLoaded(book, .success([])), .subscribeToChanges, .unsubscribeFromChanges,
  ]

  /// The features that pick `action` out, as their scopes do.
  static func features(taking action: AppAction) -> Set<Feature> {
    var taking: Set<Feature> = []
    if let list = WordbookListAction(action) {
      #expect(list.appAction == action)
      taking.insert(.wordbookList)
    }
    if let study = StudySessionAction(action) {
      #expect(study.appAction == action)
      taking.insert(.studySession)
    }
    if let editor = WordEditorAction(action) {
      #expect(editor.appAction == action)
      taking.insert(.wordEditor)
    }
    if OutsideChangesAction(action) != nil { taking.insert(.outsideChanges) }
    return taking
  }

  @Test func everyCaseIsListedOnce() {
    let cases = Set(Self.actions.map { "\($0)".prefix { $0 != "(" } })
    #expect(cases.count == Self.actions.count)
    #expect(Set(Self.actions.map(Self.owner)) == Set(Feature.allCases))
  }

  @Test(arguments: actions)
  func everyActionBelongsToExactlyOneFeature(_ action: AppAction) {
    #expect(Self.features(taking: action) == [Self.owner(of: action)])
  }

  @Test(arguments: actions)
  func onlyTheOwningFeatureChangesTheState(_ action: AppAction) throws {
    let service = InMemoryWordService()
    let verbs = WordBook(id: Self.book, title: "Verbs", wordCount: 0)
    let state = AppState(
      seed: 7, books: [verbs], selectedBookID: verbs.id,
      words: [Word(id: Self.word, term: "가다", meaning: "to go")])
    // The outside changes feature runs on every action; the scoped ones see only their own.
    if Self.owner(of: action) != .outsideChanges {
      var passed = state
      _ = OutsideChangesFeature(service: service).reduce(into: &passed, action: action)
      #expect(passed == state)
    }
    var reduced = state
    _ = AppReducer(service: service).reduce(into: &reduced, action: action)
    reduced.changedParts = state.changedParts
    var owned = state
    switch Self.owner(of: action) {
    case .wordbookList:
      let list = try #require(WordbookListAction(action))
      _ = WordbookListFeature(service: service).reduce(into: &owned, action: list)
    case .studySession:
      let study = try #require(StudySessionAction(action))
      _ = StudySessionFeature(service: service).reduce(into: &owned, action: study)
    case .wordEditor:
      let editor = try #require(WordEditorAction(action))
      _ = WordEditorFeature(service: service).reduce(into: &owned, action: editor)
    case .outsideChanges:
      _ = OutsideChangesFeature(service: service).reduce(into: &owned, action: action)
    }
    owned.countSelectedBookWords()
    owned.changedParts = state.changedParts
    // The whole reducer does what the owning feature alone does, then counts the words.
    #expect(reduced == owned)
  }
}
