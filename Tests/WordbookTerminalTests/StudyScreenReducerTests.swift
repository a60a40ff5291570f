import StoreCore
import StoreTesting
import Testing
import Wordbook
import WordbookTesting

@testable import WordbookTerminal

/// The study screen's rules, every state change and every action the service sends back
/// asserted: opening a book by itself, keys typed while loading, quitting.
@MainActor
@Suite struct StudyScreenReducerTests {
  let memory = InMemoryWordService(books: [
    (
      "Verbs",
      [
        WordDraft(term: "가다", meaning: "to go"), WordDraft(term: "오다", meaning: "to come"),
        WordDraft(term: "먹다", meaning: "to eat"),
      ]
    ),
    ("Nouns", [WordDraft(term: "물", meaning: "water")]),
  ])

  private func reducer(_ service: any WordService) -> StudyScreenReducer {
    StudyScreenReducer(app: AppReducer(service: service))
  }

  /// When the tests' keys are pressed.
  static let time = Timestamp(secondsSince1970: 1_800_000_000)

  /// A never reviewed word's memory after one review at ``time``.
  static func memory(after rating: Rating, of wordID: Word.ID) -> MemoryState {
    WordMemory.replaying(
      [Review(rating: rating, time: time)], of: wordID, with: ReviewScheduler(settings: .standard)
    ).state
  }

  /// The cards follow the app as the page's do: the cursor stays among the cards when the one
  /// under it goes, and another book starts from its first card and a new round.
  @Test func theCardsFollowTheAppAsThePagesDo() async throws {
    let books = try await memory.fetchBooks()
    let verbs = try await memory.fetchWords(in: books[0].id)
    let reducer = reducer(memory)
    var state = StudyScreen(
      app: AppState(seed: 1, books: books, selectedBookID: books[0].id, words: verbs))
    state.opensFirstBook = false
    state.screen.cards.cursor = 2

    _ = reducer.reduce(
      into: &state, action: .app(.study(.wordDeleted(verbs[2].id, .success(verbs[2].id)))))
    #expect(state.app.visibleWords.count == 2)
    #expect(state.screen.cards.cursor == 1)

    _ = reducer.reduce(
      into: &state, action: .app(.books(.bookDeleted(books[0].id, .success(books[0].id)))))
    #expect(state.app.session.bookID == nil)
    #expect(state.screen.cards.cursor == 0 && !state.app.session.round.isOver)
  }

  @Test func theFirstBookOpensOnceTheAppFoundNoBookStudiedLast() async throws {
    let books = try await memory.fetchBooks()
    let words = try await memory.fetchWords(in: books[0].id)
    await withTestStore(
      initialState: StudyScreen(app: AppState(seed: 1)), reducer: reducer(memory)
    ) { store in
      store.send(.app(.books(.view(.loadBooks)))) { $0.app.list.booksStatus = .loading }
      await store.receive(.app(.books(.booksLoaded(.success(books))))) {
        $0.app.list.books = books
        $0.app.list.booksStatus = .loaded
        $0.app.list.isReopeningLastBook = true
      }
      #expect(store.state.isLoading)
      await store.receive(.app(.books(.lastStudiedBookLoaded(.success(nil))))) {
        $0.app.list.isReopeningLastBook = false
        $0.app.session.bookID = books[0].id
        $0.app.session.wordsStatus = .loading
        $0.opensFirstBook = false
      }
      await store.receive(.app(.study(.wordsLoaded(books[0].id, .success(words))))) {
        $0.app.session.words = WordList(words)
        $0.app.session.wordsStatus = .loaded
        $0.app.startRound()
      }
      #expect(!store.state.isLoading)
    }
  }

  @Test func theRequestedBookOpensWithoutWaitingForTheBookStudiedLast() async throws {
    let service = ScriptedWordService(wrapping: memory)
    let books = try await memory.fetchBooks()
    let nouns = books[1]
    let words = try await memory.fetchWords(in: nouns.id)
    try await memory.setLastStudiedBook(books[0].id)
    await service.hold(.lastStudiedBook, call: 1)
    // Opening Nouns does not replace the book studied last, so the late answer names Verbs.
    await service.fail(
      .setLastStudiedBook, call: 1, with: WordServiceError(.unavailable, "The test is offline."))
    await withTestStore(
      initialState: StudyScreen(app: AppState(seed: 1), book: "Nouns"), reducer: reducer(service)
    ) { store in
      store.send(.app(.books(.view(.loadBooks)))) { $0.app.list.booksStatus = .loading }
      await store.receive(.app(.books(.booksLoaded(.success(books))))) {
        $0.app.list.books = books
        $0.app.list.booksStatus = .loaded
        $0.app.list.isReopeningLastBook = true
        $0.app.session.bookID = nouns.id
        $0.app.session.wordsStatus = .loading
        $0.requestedBook = nil
        $0.opensFirstBook = false
      }
      await store.receive(.app(.study(.wordsLoaded(nouns.id, .success(words))))) {
        $0.app.session.words = WordList(words)
        $0.app.session.wordsStatus = .loaded
        $0.app.startRound()
      }
      await service.waitUntilHeld(.lastStudiedBook)
      #expect(await service.release(.lastStudiedBook))
      // The book studied last comes too late: the requested one stays open.
      await store.receive(.app(.books(.lastStudiedBookLoaded(.success(books[0].id))))) {
        $0.app.list.isReopeningLastBook = false
      }
    }
  }

  @Test func keysTypedWhileLoadingAreHandledInOrderOnceTheWordsAreThere() async throws {
    let books = try await memory.fetchBooks()
    let verbs = books[0]
    let words = try await memory.fetchWords(in: verbs.id)
    let (go, come, eat) = (words[0].id, words[1].id, words[2].id)
    await withTestStore(
      initialState: StudyScreen(app: AppState(seed: 1)), reducer: reducer(memory)
    ) { store in
      store.send(.app(.books(.view(.loadBooks)))) { $0.app.list.booksStatus = .loading }
      store.send(.key(.right, pageSize: 10, at: Self.time)) { $0.keysWhileLoading = [.right] }
      await store.receive(.app(.books(.booksLoaded(.success(books))))) {
        $0.app.list.books = books
        $0.app.list.booksStatus = .loaded
        $0.app.list.isReopeningLastBook = true
      }
      store.send(.key(.character("j"), pageSize: 10, at: Self.time)) {
        $0.keysWhileLoading = [.right, .character("j")]
      }
      await store.receive(.app(.books(.lastStudiedBookLoaded(.success(nil))))) {
        $0.app.list.isReopeningLastBook = false
        $0.app.session.bookID = verbs.id
        $0.app.session.wordsStatus = .loading
        $0.opensFirstBook = false
      }
      store.send(.key(.left, pageSize: 10, at: Self.time)) {
        $0.keysWhileLoading = [.right, .character("j"), .left]
      }
      // Success on the first card, down past the second, fail on the third: each key sees
      // the cursor the one before left. The round goes back to the second, the one left.
      await store.receive(.app(.study(.wordsLoaded(verbs.id, .success(words))))) {
        $0.app.session.words = WordList(words)
        $0.app.session.wordsStatus = .loaded
        $0.app.startRound()
        $0.app.session.words.setStudyState(.success, of: go)
        $0.app.session.words.setStudyState(.fail, of: eat)
        $0.app.session.round.current = come
        $0.app.session.round.currentPosition = 1
        $0.app.session.round.counts.unscheduled = 1
        $0.app.session.round.ratedCount = 2
        $0.app.session.round.answerCount = 2
        $0.app.session.round.missed = [eat]
        $0.app.session.round.time = Self.time
        $0.keysWhileLoading = []
        $0.screen.cards.cursor = 1
        $0.screen.cards.ratingsGiven = 2
      }
      // Each rating is one write, its mark and its review.
      let knew = Self.memory(after: .good, of: go)
      await store.receive(.app(.study(.reviewRecorded(go, .success(knew))))) {
        $0.app.session.schedule.record(knew, of: go)
      }
      let forgot = Self.memory(after: .again, of: eat)
      await store.receive(.app(.study(.reviewRecorded(eat, .success(forgot))))) {
        $0.app.session.schedule.record(forgot, of: eat)
      }
    }
  }

  @Test func quittingWaitsForTheMarksOnTheirWay() async throws {
    let books = try await memory.fetchBooks()
    let words = try await memory.fetchWords(in: books[0].id)
    let go = words[0].id
    let open = StudyScreen.opened(books: books, selecting: books[0], words: words)
    await withTestStore(initialState: open, reducer: reducer(memory)) { store in
      store.send(.key(.right, pageSize: 10, at: Self.time)) {
        $0.app.session.words.setStudyState(.success, of: go)
        $0.app.session.round.current = words[1].id
        $0.app.session.round.currentPosition = 1
        $0.app.session.round.counts.unscheduled = 2
        $0.app.session.round.ratedCount = 1
        $0.app.session.round.answerCount = 1
        $0.app.session.round.time = Self.time
        $0.screen.cards.cursor = 1
        $0.screen.cards.ratingsGiven = 1
      }
      store.send(.key(.character("q"), pageSize: 10)) { $0.screen.cards.isQuitting = true }
      #expect(!store.state.isFinished)
      let knew = Self.memory(after: .good, of: go)
      await store.receive(.app(.study(.reviewRecorded(go, .success(knew))))) {
        $0.app.session.schedule.record(knew, of: go)
      }
      #expect(store.state.isFinished)
      #expect(!store.state.screen.cards.hasQuit)
    }
  }

  @Test func quittingWithEveryMarkSavedQuitsAtOnce() async throws {
    let books = try await memory.fetchBooks()
    let words = try await memory.fetchWords(in: books[0].id)
    let open = StudyScreen.opened(books: books, selecting: books[0], words: words)
    await withTestStore(initialState: open, reducer: reducer(memory)) { store in
      store.send(.key(.character("q"), pageSize: 10)) { $0.screen.cards.hasQuit = true }
      #expect(store.state.isFinished)
    }
  }

  @Test func aRecordedSessionHoldsTheAppsActionsAloneAndReplaysThroughTheAppReducer() async {
    let log = ActionLog<AppAction>(checkpointInterval: 100)
    let store = Store(
      initialState: StudyScreen(app: AppState(seed: 7)), reducer: reducer(memory),
      recorder: ScopedActionRecorder(log, action: \.appAction),
      checkpoint: { $0.app.checkpointSummary })
    store.send(.app(.books(.view(.loadBooks))))
    for key in [Key.right, .character("s"), .left, .character("j")] {
      store.send(.key(key, pageSize: 10))
    }
    while store.state.app.session.wordsStatus != .loaded || store.state.app.hasUnsavedMarks {
      await store.settle()
    }
    store.finishRecording()
    #expect(log.entries.map(\.sequence) == Array(1...log.entries.count))
    #expect(log.entries.contains { $0.action == .study(.view(.shuffle)) })
    #expect(log.entries.last?.checkpoint != nil)
    let result = replay(
      log.entries, from: AppState(seed: 7), reducer: AppReducer(service: InMemoryWordService()),
      checkpoint: \.checkpointSummary)
    #expect(result.divergence == nil)
    #expect(result.state.checkpointSummary == store.state.app.checkpointSummary)
    #expect(result.state.tally.notStudied < 3)
  }

  @Test func deletingTheOpenBookInThePickerHighlightsTheRowAbove() {
    let books = [
      WordBook(id: WordBook.ID(1), title: "Verbs"), WordBook(id: WordBook.ID(2), title: "Nouns"),
    ]
    var screen = StudyScreen.opened(books: books, selecting: books[1], words: [])
    let reducer = reducer(memory)
    // The reducer alone, its effects not run: the service's answer is sent by hand.
    let actions: [StudyScreenAction] = [
      .key("b", pageSize: 10), .app(.books(.booksLoaded(.success(books)))), .key("d", pageSize: 10),
      .key("y", pageSize: 10), .app(.books(.bookDeleted(books[1].id, .success(books[1].id)))),
    ]
    for action in actions { reducer.apply(action, to: &screen) }
    #expect(screen.app.list.books == [books[0]])
    #expect(screen.screen.pickerCursor == 0)
    let frame = StudyScreenRenderer(messages: .english, color: false)
      .render(screen.app, screen: screen.screen, size: TerminalSize(columns: 60, rows: 12))
    #expect(frame.contains { $0.hasPrefix("› ") && $0.contains("Verbs") })
  }
}

extension StudyScreen {
  /// A screen on `book`, its words loaded, built without a store.
  fileprivate static func opened(books: [WordBook], selecting book: WordBook, words: [Word])
    -> StudyScreen
  {
    var screen = StudyScreen(
      app: AppState(seed: 1, books: books, selectedBookID: book.id, words: words))
    screen.opensFirstBook = false
    return screen
  }
}
