import Foundation
import StoreCore
import Testing
import Wordbook

@MainActor
@Suite struct AppReducerTests {
  @Test func shuffleKeepsMarksTurnsCardsToFrontAndCallsNoService() async throws {
    let (store, service) = await makeLoadedStore()
    // Every service call fails from here on: a shuffle that called one would show an error.
    await service.setFaults(.init(failureRate: 1))
    let ids = store.state.visibleWords.ids
    store.send(.study(.view(.markSuccess(ids[0]))))
    store.send(.study(.view(.markFail(ids[1]))))
    store.send(.study(.view(.flip(ids[2]))))
    await store.settle()
    store.send(.dismissError)
    let before = store.state.visibleWords.map(\.studyState)
    let runningBefore = store.runningEffectCount

    store.send(.study(.view(.shuffle)))

    #expect(store.runningEffectCount == runningBefore)
    #expect(store.state.lastError == nil)
    #expect(store.state.session.backFaces.isEmpty)
    #expect(Set(store.state.visibleWords.ids) == Set(ids))
    #expect(store.state.visibleWords.ids != ids)
    #expect(
      store.state.visibleWords.map(\.studyState).sorted { $0.rawValue < $1.rawValue }
        == before.sorted { $0.rawValue < $1.rawValue })
  }

  @Test func shuffleIsReproducibleFromTheSeed() async {
    let (first, _) = await makeLoadedStore(seed: 99)
    let (second, _) = await makeLoadedStore(seed: 99)
    first.send(.study(.view(.shuffle)))
    second.send(.study(.view(.shuffle)))
    #expect(first.state.visibleWords.ids == second.state.visibleWords.ids)
  }

  @Test func modeChangesRefilterAndTurnCardsToFront() async {
    let (store, _) = await makeLoadedStore()
    let ids = store.state.visibleWords.ids
    store.send(.study(.view(.markSuccess(ids[0]))))
    store.send(.study(.view(.markFail(ids[1]))))
    store.send(.study(.view(.flip(ids[1]))))
    await store.settle()

    store.send(.study(.view(.toggleStudyMode)))
    #expect(store.state.session.words.mode == .excludeSuccess)
    #expect(!store.state.visibleWords.ids.contains(ids[0]))
    #expect(store.state.visibleWords.count == ids.count - 1)
    #expect(store.state.face(of: ids[1]) == .front)

    store.send(.study(.view(.setStudyMode(.failedOnly))))
    #expect(store.state.visibleWords.ids == [ids[1]])

    // No word has been rated: Due mode shows them all as new, in the study order.
    store.send(.study(.view(.toggleStudyMode)))
    #expect(store.state.session.words.mode == .due)
    await store.settle()
    #expect(store.state.session.schedule.status == .loaded)
    #expect(store.state.visibleWords.ids == ids)

    store.send(.study(.view(.toggleStudyMode)))
    #expect(store.state.session.words.mode == .all)
    #expect(store.state.visibleWords.count == ids.count)
  }

  @Test func flipTurnsOneCard() async {
    let (store, _) = await makeLoadedStore()
    let ids = store.state.visibleWords.ids
    store.send(.study(.view(.flip(ids[0]))))
    #expect(store.state.face(of: ids[0]) == .back)
    #expect(store.state.face(of: ids[1]) == .front)
    store.send(.study(.view(.flip(ids[0]))))
    #expect(store.state.face(of: ids[0]) == .front)
  }

  @Test func marksApplyAtOnceAndPersist() async throws {
    let (store, service) = await makeLoadedStore()
    let ids = store.state.visibleWords.ids
    store.send(.study(.view(.markSuccess(ids[0]))))
    #expect(store.state.session.words[ids[0]]?.studyState == .success)
    store.send(.study(.view(.markFail(ids[1]))))
    store.send(.study(.view(.markSuccess(ids[2]))))
    store.send(.study(.view(.resetMark(ids[2]))))
    await store.settle()
    let bookID = try #require(store.state.session.bookID)
    let saved = try await service.fetchWords(in: bookID)
    #expect(saved.first { $0.id == ids[0] }?.studyState == .success)
    #expect(saved.first { $0.id == ids[1] }?.studyState == .fail)
    #expect(saved.first { $0.id == ids[2] }?.studyState == .notStudied)
    #expect(store.state.tally == StudyTally(notStudied: 4, success: 1, fail: 1))
    #expect(!store.state.hasUnsavedMarks)
  }

  @Test func successStaysVisibleUnderExcludeSuccessUntilNextRefilter() async {
    let (store, _) = await makeLoadedStore()
    store.send(.study(.view(.setStudyMode(.excludeSuccess))))
    let id = store.state.visibleWords.id(at: 0)
    store.send(.study(.view(.markSuccess(id))))
    #expect(store.state.visibleWords.ids.contains(id))
    #expect(store.state.visibleWords[0].studyState == .success)
    store.send(.study(.view(.shuffle)))
    #expect(!store.state.visibleWords.ids.contains(id))
  }

  @Test func failedSaveRevertsTheMarkAndShowsTheError() async throws {
    let (store, service) = await makeLoadedStore()
    let id = store.state.visibleWords.id(at: 0)
    await service.setFaults(.init(failureRate: 1))
    store.send(.study(.view(.markSuccess(id))))
    #expect(store.state.session.words[id]?.studyState == .success)
    await store.settle()
    #expect(store.state.session.words[id]?.studyState == .notStudied)
    guard case .service(let error) = store.state.lastError else {
      Issue.record("expected a service error, got \(String(describing: store.state.lastError))")
      return
    }
    #expect(error.kind == .unavailable)
  }

  @Test func refusedMarksAreKeptUntilRetriedAndThenSaved() async throws {
    let (store, service) = await makeLoadedStore()
    let ids = store.state.visibleWords.ids
    await service.setFaults(.init(failureRate: 1))
    store.send(.study(.view(.markSuccess(ids[0]))))
    store.send(.study(.view(.markFail(ids[1]))))
    #expect(store.state.marksNotYetSaved == 2)
    await store.settle()
    #expect(store.state.session.unsavedMarks == [ids[0]: .success, ids[1]: .fail])
    #expect(store.state.marksNotYetSaved == 2)
    #expect(store.state.session.words[ids[0]]?.studyState == .notStudied)

    await service.setFaults(.init())
    store.send(.study(.view(.retryUnsavedMarks)))
    #expect(store.state.session.unsavedMarks.isEmpty)
    #expect(store.state.session.words[ids[0]]?.studyState == .success)
    await store.settle()
    #expect(store.state.marksNotYetSaved == 0)
    let saved = try await service.fetchWords(in: try #require(store.state.session.bookID))
    #expect(saved.first { $0.id == ids[0] }?.studyState == .success)
    #expect(saved.first { $0.id == ids[1] }?.studyState == .fail)
  }

  @Test func aNewMarkOrADeletionGivesUpARefusedMark() async throws {
    let (store, service) = await makeLoadedStore()
    let ids = store.state.visibleWords.ids
    await service.setFaults(.init(failureRate: 1))
    store.send(.study(.view(.markSuccess(ids[0]))))
    store.send(.study(.view(.markSuccess(ids[1]))))
    await store.settle()
    #expect(store.state.session.unsavedMarks.count == 2)
    await service.setFaults(.init())
    store.send(.study(.view(.markFail(ids[0]))))
    store.send(.study(.view(.deleteWord(ids[1]))))
    await store.settle()
    #expect(store.state.session.unsavedMarks.isEmpty)
    #expect(store.state.marksNotYetSaved == 0)
  }

  @Test(arguments: 1...20)
  func quickMarksEndWithTheLaterOneWhateverTheAnswerOrder(seed: UInt64) async throws {
    let (store, service) = await makeLoadedStore()
    await service.setFaults(.init(latency: .milliseconds(3), seed: seed))
    let id = store.state.visibleWords.id(at: 0)
    store.send(.study(.view(.markSuccess(id))))
    store.send(.study(.view(.markFail(id))))
    store.send(.study(.view(.markSuccess(id))))
    store.send(.study(.view(.markFail(id))))
    await store.settle()
    let bookID = try #require(store.state.session.bookID)
    let saved = try await service.fetchWords(in: bookID)
    #expect(saved.first { $0.id == id }?.studyState == .fail)
    #expect(store.state.session.words[id]?.studyState == .fail)
  }

  @Test func selectingAnUnknownBookIsAnErrorAndKeepsTheSelection() async {
    let (store, _) = await makeLoadedStore()
    let selected = store.state.session.bookID
    store.send(.books(.view(.selectBook(WordBook.ID(999)))))
    #expect(store.state.lastError == .unknownBook(WordBook.ID(999)))
    #expect(store.state.session.bookID == selected)
  }

  @Test func aLateAnswerForABookNoLongerSelectedIsIgnored() async throws {
    let (store, _) = await makeLoadedStore()
    let books = store.state.list.books
    store.send(.books(.view(.selectBook(books[0].id))))
    store.send(.books(.view(.selectBook(books[1].id))))
    await store.settle()
    // Book A's words arriving last, after B is selected and loaded, change nothing.
    let wordsOfB = store.state.session.words
    store.send(
      .study(.wordsLoaded(books[0].id, .success([Word(id: Word.ID(1), term: "x", meaning: "y")]))))
    #expect(store.state.session.bookID == books[1].id)
    #expect(store.state.session.words == wordsOfB)
    #expect(store.state.session.words.count == 3)
  }

  @Test func savingWithNoSelectionIsAnErrorAndSendsNothing() async {
    let service = InMemoryWordService(books: [("Empty", [])])
    let store = Store(initialState: AppState(seed: 1), reducer: AppReducer(service: service))
    store.send(.study(.view(.saveWord(term: "물", meaning: "water"))))
    #expect(store.state.lastError == .noBookSelected)
    #expect(store.runningEffectCount == 0)
    #expect(!store.state.session.isSavingWord)
  }

  @Test func savingABlankTermIsAValidationError() async {
    let (store, _) = await makeLoadedStore()
    store.send(.study(.view(.saveWord(term: "  ", meaning: "nothing"))))
    #expect(store.state.lastError == .blankTerm)
    #expect(store.runningEffectCount == 0)
    #expect(store.state.session.wordDraft == WordDraft(term: "  ", meaning: "nothing"))
  }

  @Test func savingAddsTheWordAndClearsTheForm() async {
    let (store, _) = await makeLoadedStore()
    let count = store.state.session.words.count
    store.send(.study(.view(.saveWord(term: "물", meaning: "water"))))
    #expect(store.state.session.isSavingWord)
    await store.settle()
    #expect(!store.state.session.isSavingWord)
    #expect(store.state.session.words.count == count + 1)
    #expect(store.state.visibleWords.last?.term == "물")
    #expect(store.state.session.wordDraft == nil)
    #expect(store.state.selectedBook?.wordCount == count + 1)
  }

  @Test func aFailedSaveKeepsTheForm() async {
    let (store, service) = await makeLoadedStore()
    await service.setFaults(.init(failureRate: 1))
    store.send(.study(.view(.saveWord(term: "물", meaning: "water"))))
    await store.settle()
    #expect(!store.state.session.isSavingWord)
    #expect(store.state.session.wordDraft == WordDraft(term: "물", meaning: "water"))
    #expect(store.state.lastError?.message.contains("unavailable") == true)
  }

  @Test func pickerShowsLoadingFailedEmptyChooseAndChosen() async {
    let failing = InMemoryWordService(faults: .init(failureRate: 1))
    let store = Store(initialState: AppState(seed: 1), reducer: AppReducer(service: failing))
    #expect(store.state.picker == .loading)
    store.send(.books(.view(.loadBooks)))
    #expect(store.state.picker == .loading)
    await store.settle()
    guard case .failed = store.state.picker else {
      Issue.record("expected failed, got \(store.state.picker)")
      return
    }
    await failing.setFaults(.none)
    store.send(.books(.view(.loadBooks)))
    await store.settle()
    #expect(store.state.picker == .empty)
    store.send(.books(.view(.createBook(title: "Verbs"))))
    await store.settle()
    guard case .chosen(let book) = store.state.picker else {
      Issue.record("expected chosen, got \(store.state.picker)")
      return
    }
    #expect(book.title == "Verbs")

    let (loaded, _) = await makeLoadedStore()
    let other = Store(initialState: AppState(seed: 1), reducer: AppReducer(service: failing))
    other.send(.books(.booksLoaded(.success(loaded.state.list.books))))
    #expect(other.state.picker == .chooseOne(loaded.state.list.books))
  }

  @Test func undoAndRedoStepThroughMarks() async throws {
    let (store, service) = await makeLoadedStore()
    let id = store.state.visibleWords.id(at: 0)
    store.send(.study(.view(.markSuccess(id))))
    store.send(.study(.view(.markFail(id))))
    store.send(.study(.view(.undo)))
    #expect(store.state.session.words[id]?.studyState == .success)
    store.send(.study(.view(.undo)))
    #expect(store.state.session.words[id]?.studyState == .notStudied)
    store.send(.study(.view(.undo)))
    #expect(store.state.lastError == .nothingToUndo)
    store.send(.study(.view(.redo)))
    store.send(.study(.view(.redo)))
    #expect(store.state.session.words[id]?.studyState == .fail)
    await store.settle()
    let bookID = try #require(store.state.session.bookID)
    #expect(try await service.fetchWords(in: bookID).first?.studyState == .fail)
  }

  @Test func unknownWordsAreErrorsNotCrashes() async {
    let (store, _) = await makeLoadedStore()
    let missing = Word.ID(12345)
    for action in [
      AppAction.study(.view(.flip(missing))), .study(.view(.markSuccess(missing))),
      .study(.view(.markFail(missing))), .study(.view(.resetMark(missing))),
      .study(.view(.deleteWord(missing))),
    ] {
      store.send(.dismissError)
      store.send(action)
      #expect(store.state.lastError == .unknownWord(missing))
    }
  }

  @Test func deletingAWordRemovesItEverywhere() async throws {
    let (store, service) = await makeLoadedStore()
    let id = store.state.visibleWords.id(at: 2)
    store.send(.study(.view(.flip(id))))
    store.send(.study(.view(.markFail(id))))
    store.send(.study(.view(.deleteWord(id))))
    await store.settle()
    #expect(store.state.session.words[id] == nil)
    #expect(!store.state.visibleWords.ids.contains(id))
    #expect(store.state.session.backFaces.isEmpty)
    let bookID = try #require(store.state.session.bookID)
    #expect(try await service.fetchWords(in: bookID).count == 5)
  }

  /// A deletion answered after the learner chose another book leaves that book's count alone.
  @Test func aDeletionAnsweredAfterChoosingAnotherBookKeepsItsCount() {
    let first = WordBook(id: .init(1), title: "First", wordCount: 3)
    let second = WordBook(id: .init(2), title: "Second", wordCount: 2)
    var state = AppState(seed: 1, books: [first, second], selectedBookID: second.id)
    // The second book's words are loading: its count is the service's, not the empty list's.
    state.list.books = [first, second]
    state.session.wordsStatus = .loading
    _ = AppReducer(service: InMemoryWordService())
      .reduce(into: &state, action: .study(.wordDeleted(.init(7), .success(.init(7)))))
    #expect(state.list.books.map(\.wordCount) == [3, 2])
    #expect(state.invariantViolations == [])
  }

  @Test func actionsRoundTripThroughJSON() throws {
    let actions: [AppAction] = [
      .books(.view(.loadBooks)),
      .books(.booksLoaded(.success([WordBook(id: .init(1), title: "A", wordCount: 2)]))),
      .books(.booksLoaded(.failure(WordServiceError(.unavailable, "down")))),
      .books(.view(.selectBook(.init(1)))),
      .study(.wordsLoaded(.init(1), .success([Word(id: .init(3), term: "t", meaning: "m")]))),
      .study(.view(.flip(.init(3)))), .study(.view(.markSuccess(.init(3)))),
      .study(.view(.markFail(.init(3)))), .study(.view(.resetMark(.init(3)))),
      .study(.view(.shuffle)), .study(.view(.toggleStudyMode)),
      .study(.view(.setStudyMode(.failedOnly))), .study(.view(.undo)), .study(.view(.redo)),
      .study(.studyStatesSaved(.success([StudyStateChange(wordID: .init(3), state: .fail)]))),
      .study(.view(.saveWord(term: "\"; DROP TABLE words; --", meaning: "😀\u{0}"))),
      .study(.wordSaved(.init(1), .failure(WordServiceError(.storageFull, "full")))),
      .study(.view(.deleteWord(.init(3)))), .study(.wordDeleted(.init(3), .success(.init(3)))),
      .dismissError,
      .books(.view(.createBook(title: "B"))),
      .books(.bookCreated(.success(WordBook(id: .init(2), title: "B")))),
    ]
    for action in actions {
      let data = try JSONEncoder().encode(action)
      #expect(try JSONDecoder().decode(AppAction.self, from: data) == action)
    }
  }
}
