import StoreCore
import StoreTesting
import Testing

@testable import Wordbook

/// The domain rules as test-store scripts: every state change and every service answer is
/// asserted, in order, on the real store runtime.
@MainActor
@Suite struct AppReducerTestStoreTests {
  /// A loaded session (Verbs selected, six words) and the service behind it.
  func loadedSession() async -> (AppState, InMemoryWordService) {
    let (store, service) = await makeLoadedStore()
    return (store.state, service)
  }

  /// The error `call` meets on a service whose every call fails, as the one under test does.
  func serviceError(
    _ call: (InMemoryWordService) async throws -> Void
  ) async throws -> WordServiceError {
    let twin = InMemoryWordService(faults: .init(failureRate: 1))
    do {
      try await call(twin)
    } catch let error as WordServiceError {
      return error
    }
    Issue.record("The failing service did not fail.")
    throw CancellationError()
  }

  @Test func loadingTheListLoadsTheBooks() async throws {
    let service = InMemoryWordService(books: [("Verbs", []), ("Nouns", [])])
    let books = try await service.fetchBooks()
    await withTestStore(initialState: AppState(seed: 1), reducer: AppReducer(service: service)) {
      store in
      store.send(.books(.view(.loadBooks))) { $0.list.booksStatus = .loading }
      #expect(store.state.picker == .loading)
      await store.receive(.books(.booksLoaded(.success(books)))) {
        $0.list.books = books
        $0.list.booksStatus = .loaded
        $0.list.isReopeningLastBook = true
      }
      // Nothing is selected, so the reducer asks which book to reopen: none yet.
      await store.receive(.books(.lastStudiedBookLoaded(.success(nil)))) {
        $0.list.isReopeningLastBook = false
      }
      #expect(store.state.picker == .chooseOne(books))
    }
  }

  @Test func aFailedLoadIsNotAnEmptyList() async throws {
    let error = try await serviceError { _ = try await $0.fetchBooks() }
    let service = InMemoryWordService(books: [("Verbs", [])], faults: .init(failureRate: 1))
    await withTestStore(initialState: AppState(seed: 1), reducer: AppReducer(service: service)) {
      store in
      store.send(.books(.view(.loadBooks))) { $0.list.booksStatus = .loading }
      await store.receive(.books(.booksLoaded(.failure(error)))) {
        $0.list.booksStatus = .failed(error)
        $0.lastError = .service(error)
      }
      #expect(store.state.picker == .failed(error))
    }
  }

  @Test func selectingAnUnknownBookKeepsTheSelection() async {
    let (state, service) = await loadedSession()
    let selected = state.session.bookID
    await withTestStore(initialState: state, reducer: AppReducer(service: service)) { store in
      store.send(.books(.view(.selectBook(WordBook.ID(999))))) {
        $0.lastError = .unknownBook(WordBook.ID(999))
      }
      #expect(store.state.session.bookID == selected)
    }
  }

  @Test func theLastSelectedBookWinsWhateverOrderAnswersCome() async throws {
    let (state, service) = await loadedSession()
    let verbs = state.list.books[0]
    let nouns = state.list.books[1]
    let nounWords = try await service.fetchWords(in: nouns.id)
    let verbWords = try await service.fetchWords(in: verbs.id)
    await withTestStore(initialState: state, reducer: AppReducer(service: service)) { store in
      store.send(.books(.view(.selectBook(verbs.id)))) {
        $0.session.words = WordList()
        $0.session.wordsStatus = .loading
        $0.session.round = StudyRound()
      }
      // Selecting again cancels the first request, so its answer never arrives.
      store.send(.books(.view(.selectBook(nouns.id)))) { $0.session.bookID = nouns.id }
      await store.receive(.study(.wordsLoaded(nouns.id, .success(nounWords)))) {
        $0.session.words = WordList(nounWords)
        $0.session.wordsStatus = .loaded
        $0.startRound()
      }
      // A late answer for the book no longer selected changes nothing.
      store.send(.study(.wordsLoaded(verbs.id, .success(verbWords))))
      #expect(store.state.picker == .chosen(nouns))
    }
  }

  @Test func savingAWordAddsItToTheShownBook() async {
    let (state, service) = await loadedSession()
    let draft = WordDraft(term: "달리다", meaning: "to run")
    await withTestStore(initialState: state, reducer: AppReducer(service: service)) { store in
      store.send(.study(.view(.saveWord(term: draft.term, meaning: draft.meaning)))) {
        $0.session.isSavingWord = true
        $0.session.wordDraft = draft
      }
      var saved: Word?
      await store.receive("wordSaved") { action in
        guard case .study(.wordSaved(state.list.books[0].id, .success(let word))) = action else {
          return false
        }
        saved = word
        return true
      } assert: {
        $0.session.isSavingWord = false
        $0.session.wordDraft = nil
        if let saved { $0.session.words = WordList(state.session.words.allWords + [saved]) }
        $0.list.books[0].wordCount = 7
        // The new word joins the round, at its end.
        $0.session.round.counts.unscheduled += 1
      }
      #expect(saved?.term == draft.term)
    }
  }

  @Test func aFailedSaveKeepsTheDraftForARetry() async throws {
    let (state, service) = await loadedSession()
    await service.setFaults(.init(failureRate: 1))
    let error = try await serviceError {
      _ = try await $0.saveWord(WordDraft(term: "x", meaning: "y"), to: WordBook.ID(1))
    }
    let draft = WordDraft(term: "달리다", meaning: "to run")
    await withTestStore(initialState: state, reducer: AppReducer(service: service)) { store in
      store.send(.study(.view(.saveWord(term: draft.term, meaning: draft.meaning)))) {
        $0.session.isSavingWord = true
        $0.session.wordDraft = draft
      }
      await store.receive(.study(.wordSaved(state.list.books[0].id, .failure(error)))) {
        $0.session.isSavingWord = false
        $0.lastError = .service(error)
      }
    }
  }

  @Test func savingWithoutASelectionOrWithABlankTermSendsNothing() async {
    let service = InMemoryWordService(books: [("Verbs", [])])
    let reducer = AppReducer(service: service)
    await withTestStore(initialState: AppState(seed: 1), reducer: reducer) { store in
      store.send(.study(.view(.saveWord(term: "a", meaning: "b")))) {
        $0.lastError = .noBookSelected
      }
    }
    let (state, loadedService) = await loadedSession()
    await withTestStore(initialState: state, reducer: AppReducer(service: loadedService)) {
      store in
      store.send(.study(.view(.saveWord(term: "  ", meaning: "meaning")))) {
        $0.session.wordDraft = WordDraft(term: "  ", meaning: "meaning")
        $0.lastError = .blankTerm
      }
    }
  }

  @Test func flipTurnsOneCardAndAnUnknownWordIsAnError() async {
    let (state, service) = await loadedSession()
    let first = state.visibleWords.id(at: 0)
    await withTestStore(initialState: state, reducer: AppReducer(service: service)) { store in
      store.send(.study(.view(.flip(first)))) { $0.session.backFaces = [first] }
      store.send(.study(.view(.flip(first)))) { $0.session.backFaces = [] }
      store.send(.study(.view(.flip(Word.ID(424_242))))) {
        $0.lastError = .unknownWord(Word.ID(424_242))
      }
    }
  }

  @Test func shuffleStartsNoEffectAndKeepsMarks() async {
    let (state, service) = await loadedSession()
    let first = state.visibleWords.id(at: 0)
    await withTestStore(
      initialState: state, reducer: AppReducer(service: service), exhaustivity: .off
    ) { store in
      store.send(.study(.view(.markSuccess(first))))
      await store.receive(
        .study(.studyStatesSaved(.success([.init(wordID: first, state: .success)]))))
      store.send(.study(.view(.flip(first))))
      let running = store.store.runningEffectCount
      store.send(.study(.view(.shuffle))) { $0.session.backFaces = [] }
      #expect(store.store.runningEffectCount == running)
      #expect(store.state.session.words[first]?.studyState == .success)
      #expect(store.state.visibleWords.ids != state.visibleWords.ids)
    }
  }

  @Test func twoQuickMarksEndWithTheLaterOneSaved() async throws {
    let (state, service) = await loadedSession()
    let word = state.visibleWords.id(at: 2)
    let book = state.list.books[0].id
    await withTestStore(
      initialState: state, reducer: AppReducer(service: service), exhaustivity: .off
    ) { store in
      store.send(.study(.view(.markSuccess(word))))
      store.send(.study(.view(.markFail(word))))
      #expect(store.state.session.words[word]?.studyState == .fail)
      await store.receive(
        .study(.studyStatesSaved(.success([.init(wordID: word, state: .success)]))))
      await store.receive(.study(.studyStatesSaved(.success([.init(wordID: word, state: .fail)]))))
      #expect(!store.state.hasUnsavedMarks)
    }
    let stored = try await service.fetchWords(in: book).first { $0.id == word }
    #expect(stored?.studyState == .fail)
  }

  @Test func aFailedMarkRevertsAndShowsTheError() async throws {
    let (state, service) = await loadedSession()
    await service.setFaults(.init(failureRate: 1))
    let error = try await serviceError { try await $0.updateStudyStates([]) }
    let word = state.visibleWords.id(at: 0)
    await withTestStore(
      initialState: state, reducer: AppReducer(service: service), exhaustivity: .off
    ) { store in
      store.send(.study(.view(.markSuccess(word))))
      #expect(store.state.session.words[word]?.studyState == .success)
      await store.receive(.study(.studyStatesSaved(.failure(error)))) {
        $0.lastError = .service(error)
      }
      #expect(store.state.session.words[word]?.studyState == .notStudied)
    }
  }

  @Test func aSuccessStaysVisibleUnderExcludeSuccessUntilTheNextShuffle() async {
    let (state, service) = await loadedSession()
    let word = state.visibleWords.id(at: 1)
    await withTestStore(
      initialState: state, reducer: AppReducer(service: service), exhaustivity: .off
    ) { store in
      store.send(.study(.view(.setStudyMode(.excludeSuccess)))) { $0.setStudyMode(.excludeSuccess) }
      store.send(.study(.view(.markSuccess(word))))
      await store.receive(
        .study(.studyStatesSaved(.success([.init(wordID: word, state: .success)]))))
      #expect(store.state.visibleWords.ids.contains(word))
      store.send(.study(.view(.shuffle)))
      #expect(!store.state.visibleWords.ids.contains(word))
    }
  }

  @Test func undoAndRedoPersistTheInverseMark() async {
    let (state, service) = await loadedSession()
    let word = state.visibleWords.id(at: 0)
    await withTestStore(
      initialState: state, reducer: AppReducer(service: service), exhaustivity: .off
    ) { store in
      store.send(.study(.view(.markSuccess(word))))
      await store.receive(
        .study(.studyStatesSaved(.success([.init(wordID: word, state: .success)]))))
      store.send(.study(.view(.undo)))
      await store.receive(
        .study(.studyStatesSaved(.success([.init(wordID: word, state: .notStudied)]))))
      #expect(store.state.session.words[word]?.studyState == .notStudied)
      store.send(.study(.view(.redo)))
      await store.receive(
        .study(.studyStatesSaved(.success([.init(wordID: word, state: .success)]))))
      #expect(store.state.session.words[word]?.studyState == .success)
      store.send(.study(.view(.redo))) { $0.lastError = .nothingToRedo }
    }
  }
}
