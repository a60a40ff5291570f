import Foundation
import StoreCore
import StoreTesting
import Testing
import Wordbook
import WordbookTesting

/// The examples of Wordbook's documentation (the DocC articles and the comments), as written
/// there, so that they keep compiling and saying what they show; through the public API only,
/// as the app developers they are written for would run them.
@MainActor
@Suite struct DocumentationSnippetTests {
  let nouns: [(title: String, words: [WordDraft])] = [
    (
      "Nouns",
      [
        WordDraft(term: "물", meaning: "water"), WordDraft(term: "불", meaning: "fire"),
        WordDraft(term: "바다", meaning: "sea water"),
      ]
    ),
    ("Verbs", [WordDraft(term: "가다", meaning: "to go")]),
  ]

  /// A store on `service` with its wordbooks loaded and the first one open.
  func openedStore(service: any WordService) async -> Store<AppState, AppAction> {
    let store = Store(initialState: AppState(seed: 7), reducer: AppReducer(service: service))
    store.send(.books(.view(.loadBooks)))
    await store.settle()
    store.send(.books(.view(.selectBook(store.state.list.books[0].id))))
    await store.settle()
    return store
  }

  /// `AppAction`'s overview: a front end's actions, nested by feature.
  @Test func actionsNestByFeature() async {
    let store = await openedStore(service: InMemoryWordService(books: nouns))
    let wordID = store.state.visibleWords[0].id
    store.send(.books(.view(.loadBooks)))
    store.send(.study(.view(.markSuccess(wordID))))
    await store.settle()
    #expect(store.state.session.words[wordID]?.studyState == .success)
  }

  /// `StudySession.md`, "Wire the store to a service".
  @Test func wiringTheStore() async {
    let service = InMemoryWordService(books: SampleWordbook.books)
    let store = Store(
      initialState: AppState(seed: UInt64.random(in: 0...UInt64.max)),
      reducer: AppReducer(service: service)
    )
    #expect(store.state.list.booksStatus == .notLoaded)
    store.send(.books(.view(.loadBooks)))
    await store.settle()
    #expect(store.state.list.books.map(\.title) == [SampleWordbook.title])
  }

  /// `StudySession.md`, "Load the wordbooks and pick one".
  @Test func loadingAndPicking() async {
    let store = Store(
      initialState: AppState(seed: 1),
      reducer: AppReducer(service: InMemoryWordService(books: nouns)))
    store.send(.books(.view(.loadBooks)))  // state.picker == .loading
    #expect(store.state.picker == .loading)
    await store.settle()  // state.picker == .chooseOne(books), or .empty, or .failed
    let books = store.state.list.books
    #expect(store.state.picker == .chooseOne(books))
    store.send(.books(.view(.selectBook(books[0].id))))
    await store.settle()  // state.session.wordsStatus == .loaded
    #expect(store.state.session.wordsStatus == .loaded)
    #expect(store.state.picker == .chosen(books[0]))
  }

  /// `StudySession.md`, "Study".
  @Test func studying() async {
    let store = await openedStore(service: InMemoryWordService(books: nouns))
    let first = store.state.visibleWords.id(at: 0)
    store.send(.study(.view(.flip(first))))  // the card shows its meaning
    #expect(store.state.face(of: first) == .back)
    store.send(.study(.view(.markSuccess(first))))  // green at once; saved in the background
    #expect(store.state.session.words[first]?.studyState == .success)
    store.send(.study(.view(.shuffle)))  // new order, marks kept, every card on its front
    #expect(store.state.face(of: first) == .front)
    #expect(store.state.session.words[first]?.studyState == .success)
    store.send(.study(.view(.toggleStudyMode)))  // all → all but successful → failed only → all
    #expect(store.state.session.words.mode == .excludeSuccess)
    store.send(.study(.view(.undo)))  // the last mark, undone (and saved)
    #expect(store.state.session.words[first]?.studyState == .notStudied)
    await store.settle()
    #expect(!store.state.hasUnsavedMarks)
  }

  /// `StudySession.md`, the retry after a refused batch.
  @Test func retryingRefusedMarks() async throws {
    let service = ScriptedWordService(wrapping: InMemoryWordService(books: nouns))
    let offline = WordServiceError(.unavailable, "offline")
    await service.fail(.updateStudyStates, call: 1, with: offline)
    let store = await openedStore(service: service)
    let first = store.state.visibleWords.id(at: 0)
    store.send(.study(.view(.markSuccess(first))))
    await store.settle()
    #expect(store.state.session.unsavedMarks == [first: .success])
    store.send(.study(.view(.retryUnsavedMarks)))  // the refused marks, applied and sent again
    #expect(store.state.session.words[first]?.studyState == .success)
    await store.settle()
    #expect(store.state.session.unsavedMarks.isEmpty)
    #expect(await service.callCount(of: .updateStudyStates) == 2)
  }

  /// `StudySession.md`, "Save a word".
  @Test func savingAWord() async {
    let store = await openedStore(service: InMemoryWordService(books: nouns))
    store.send(.study(.view(.saveWord(term: "물", meaning: "water"))))
    // state.session.isSavingWord == true until the service answers
    #expect(store.state.session.isSavingWord)
    await store.settle()
    #expect(!store.state.session.isSavingWord)
    #expect(store.state.session.words.count == 4)
  }

  /// `StudySession.md`, "Edit, delete, search and study the other way".
  @Test func editingSearchingAndReversing() async throws {
    let store = await openedStore(service: InMemoryWordService(books: nouns))
    let id = store.state.visibleWords.id(at: 0)
    store.send(.study(.view(.markFail(id))))
    await store.settle()
    // The text changes, the mark stays.
    store.send(.study(.view(.editWord(id, term: "물", meaning: "water; liquid"))))
    await store.settle()
    #expect(store.state.session.words[id]?.meaning == "water; liquid")
    #expect(store.state.session.words[id]?.studyState == .fail)
    store.send(.study(.view(.deleteWord(id))))
    await store.settle()
    #expect(!store.state.session.words.contains(id))
    // Only the words whose term or meaning contains it.
    store.send(.study(.view(.setSearchQuery("wat"))))
    #expect(store.state.visibleWords.map(\.term) == ["바다"])
    store.send(.study(.view(.setSearchQuery(nil))))  // every word of the mode again
    #expect(store.state.visibleWords.map(\.term).sorted() == ["바다", "불"])
    store.send(.study(.view(.toggleReverse)))  // the meaning on the front, for this session
    #expect(store.state.session.isReversed)
  }

  /// `StudySession.md`, "Manage wordbooks".
  @Test func managingWordbooks() async {
    let store = await openedStore(service: InMemoryWordService(books: nouns))
    let bookID = store.state.list.books[1].id
    store.send(.books(.view(.renameBook(bookID, title: "TOEIC 900"))))
    await store.settle()
    #expect(store.state.list.books.map(\.title) == ["Nouns", "TOEIC 900"])
    store.send(.books(.view(.deleteBook(bookID))))  // and its words
    await store.settle()
    #expect(store.state.list.books.map(\.title) == ["Nouns"])
  }

  /// `StudySession.md`, "Stay live with other sessions". The time limit is a safety net, not a
  /// measure: a change that never comes fails the test instead of hanging it.
  @Test(.timeLimit(.minutes(1))) func stayingLive() async {
    let service = InMemoryWordService(books: nouns)
    let store = await openedStore(service: service)
    let other = await openedStore(service: service)
    let id = store.state.visibleWords.id(at: 0)
    store.send(.study(.view(.subscribeToChanges)))  // once, when the front end starts
    // The subscription starts on the effect's task: wait until it listens.
    let deadline = ContinuousClock.now + .seconds(5)
    while service.changeSubscriberCount == 0, ContinuousClock.now < deadline {
      await Task.yield()
    }
    other.send(.study(.view(.markFail(id))))
    await other.settle()
    while store.state.session.words[id]?.studyState != .fail {
      for await _ in store.changes() { break }
    }
    #expect(store.state.session.words[id]?.studyState == .fail)
    store.send(.study(.view(.unsubscribeFromChanges)))  // when it closes
    await store.settle()
    #expect(service.changeSubscriberCount == 0)
  }

  /// `StudySession.md`, "Render without copying".
  @Test func renderingWithoutCopying() async {
    let store = await openedStore(service: InMemoryWordService(books: nouns))
    var drawn: [String] = []
    func draw(_ word: Word, face: CardFace) {
      drawn.append(face == .front ? word.term : word.meaning)
    }
    store.observe {
      let words = store.state.visibleWords
      for index in words.indices.prefix(20) {
        draw(words[index], face: store.state.face(of: words.id(at: index)))
      }
    }
    let first = store.state.visibleWords.id(at: 0)
    drawn = []
    store.send(.study(.view(.flip(first))))
    #expect(drawn.count == 3)
    #expect(drawn.contains(store.state.session.words[first]?.meaning ?? "?"))
  }

  /// `Wordbook.md`, observing a screen's parts.
  @Test func observingParts() async {
    let store = await openedStore(service: InMemoryWordService(books: nouns))
    var rendered: [String] = []
    func renderHeader() { rendered.append("header") }
    func renderCard(_ id: Word.ID) { rendered.append("card \(id)") }
    let cardsOnScreen = Array(store.state.visibleWords.map(\.id).prefix(2))
    store.observe([.tally, .studyMode]) { renderHeader() }
    for id in cardsOnScreen {
      store.observe([.card(id)]) { renderCard(id) }
    }
    store.send(.study(.view(.flip(cardsOnScreen[1]))))
    #expect(rendered == ["card \(cardsOnScreen[1])"])
    rendered = []
    store.send(.study(.view(.toggleStudyMode)))
    #expect(rendered.contains("header"))
  }

  /// `AppState.Part`.
  @Test func observingACardAndTheTally() async {
    let store = await openedStore(service: InMemoryWordService(books: nouns))
    let word = store.state.visibleWords[store.state.visibleWords.startIndex]
    var redrawn: [Word.ID] = []
    func redraw(_ id: Word.ID) { redrawn.append(id) }
    store.observe([.tally, .card(word.id)]) { redraw(word.id) }
    store.send(.study(.view(.markSuccess(word.id))))
    #expect(redrawn == [word.id])
    await store.settle()
  }

  /// `AppReducer`.
  @Test func theReducersStore() async {
    let store = Store(
      initialState: AppState(seed: 42),
      reducer: AppReducer(service: InMemoryWordService(books: SampleWordbook.books))
    )
    store.send(.books(.view(.loadBooks)))
    #expect(store.state.list.booksStatus == .loading)
    await store.settle()
    #expect(store.state.list.books.count == 1)
  }

  /// `AppState.init(seed:books:selectedBookID:words:studyMode:)`.
  @Test func aBuiltState() {
    let verbs = WordBook(id: WordBook.ID(1), title: "Verbs", wordCount: 0)
    let state = AppState(
      seed: 7, books: [verbs], selectedBookID: verbs.id,
      words: [
        Word(id: Word.ID(1), term: "가다", meaning: "to go", studyState: .success),
        Word(id: Word.ID(2), term: "오다", meaning: "to come"),
      ],
      studyMode: .excludeSuccess)
    #expect(state.visibleWords.count == 1)
    #expect(state.list.books[0].wordCount == 2)
  }

  /// `TestingAFrontEndsCore.md`, "Build a state".
  @Test func aBuiltStateChangedByHand() {
    let verbs = WordBook(id: WordBook.ID(1), title: "Verbs", wordCount: 0)
    var state = AppState(
      seed: 1, books: [verbs], selectedBookID: verbs.id,
      words: [
        Word(id: Word.ID(1), term: "가다", meaning: "to go", studyState: .success),
        Word(id: Word.ID(2), term: "오다", meaning: "to come", studyState: .fail),
      ],
      studyMode: .excludeSuccess)
    state.session.backFaces = [Word.ID(2)]
    #expect(state.invariantViolations.isEmpty)
    state.session.backFaces = [Word.ID(9)]
    #expect(!state.invariantViolations.isEmpty)
  }

  /// `TestingAFrontEndsCore.md`, "Test a session exhaustively".
  @Test func aSessionTestedExhaustively() async throws {
    let books: [(title: String, words: [WordDraft])] = [
      (
        "Verbs",
        [WordDraft(term: "가다", meaning: "to go"), WordDraft(term: "자다", meaning: "to sleep")]
      )
    ]
    let memory = InMemoryWordService(books: books)
    let loaded = try await memory.fetchBooks()
    let words = try await memory.fetchWords(in: loaded[0].id)
    let (go, sleep) = (words[0].id, words[1].id)
    let offline = WordServiceError(.unavailable, "The test is offline.")

    let service = ScriptedWordService(wrapping: InMemoryWordService(books: books))
    await withTestStore(initialState: AppState(seed: 42), reducer: AppReducer(service: service)) {
      store in
      store.send(.books(.view(.loadBooks))) { $0.list.booksStatus = .loading }
      await store.receive(.books(.booksLoaded(.success(loaded)))) {
        $0.list.books = loaded
        $0.list.booksStatus = .loaded
        $0.list.isReopeningLastBook = true
      }
      await store.receive(.books(.lastStudiedBookLoaded(.success(nil)))) {
        $0.list.isReopeningLastBook = false
      }
      // … select a book, then:
      store.send(.books(.view(.selectBook(loaded[0].id)))) {
        $0.session.bookID = loaded[0].id
        $0.session.wordsStatus = .loading
      }
      await store.receive(.study(.wordsLoaded(loaded[0].id, .success(words)))) {
        $0.session.words = WordList(words)
        $0.session.wordsStatus = .loaded
        $0.startRound()
      }
      store.send(.study(.view(.markSuccess(go)))) {
        $0.session.words.setStudyState(.success, of: go)
      }
      await store.receive(.study(.studyStatesSaved(.success([.init(wordID: go, state: .success)]))))

      await service.fail(.updateStudyStates, call: 2, with: offline)
      store.send(.study(.view(.markSuccess(sleep)))) {
        $0.session.words.setStudyState(.success, of: sleep)
      }
      await store.receive(.study(.studyStatesSaved(.failure(offline)))) {
        $0.session.words.setStudyState(.notStudied, of: sleep)
        $0.session.unsavedMarks = [sleep: .success]
        $0.lastError = .service(offline)
      }
      store.send(.study(.view(.setStudyMode(.excludeSuccess)))) {
        $0.setStudyMode(.excludeSuccess)
        $0.list.books[0].studyMode = .excludeSuccess
        $0.session.backFaces = []
      }
      store.send(.study(.view(.shuffle))) { $0.shuffleStudyOrder() }
      #expect(store.state.visibleWords.map(\.id) == [sleep])
    }
  }

  /// `AppState.startRound()` and `AppState.removeWord(_:)`, as steps of a test.
  @Test func describingARoundsStartAndADeletion() async throws {
    let service = InMemoryWordService(books: nouns)
    let book = try await service.fetchBooks()[0]
    let words = try await service.fetchWords(in: book.id)
    let id = words[0].id
    var state = AppState(seed: 3, books: [book])
    state.session.bookID = book.id
    state.session.wordsStatus = .loading
    await withTestStore(initialState: state, reducer: AppReducer(service: service)) { store in
      store.send(.study(.wordsLoaded(book.id, .success(words)))) {
        $0.session.words = WordList(words)
        $0.session.wordsStatus = .loaded
        $0.startRound()
      }
      store.send(.study(.view(.deleteWord(id))))
      await store.receive(.study(.wordDeleted(id, .success(id)))) {
        $0.removeWord(id)
        $0.list.books[0].wordCount -= 1
      }
      #expect(store.state.session.round.current == words[1].id)
    }
  }

  /// `WordList.replaceText(with:)` and `WordList.append(_:)`, as steps of a test.
  @Test func describingAnEditAndASave() async throws {
    let verbs = WordBook(id: WordBook.ID(1), title: "Verbs", wordCount: 0)
    let id = Word.ID(1)
    let state = AppState(
      seed: 3, books: [verbs], selectedBookID: verbs.id,
      words: [
        Word(id: id, term: "사가", meaning: "apple?"),
        Word(id: Word.ID(2), term: "배", meaning: "pear"),
      ])
    let service = InMemoryWordService(books: [
      ("Verbs", [WordDraft(term: "사가", meaning: "apple?"), WordDraft(term: "배", meaning: "pear")])
    ])
    await withTestStore(initialState: state, reducer: AppReducer(service: service)) { store in
      store.send(.study(.view(.shuffle))) { $0.shuffleStudyOrder() }
      let bookID = verbs.id
      let apple = Word(id: id, term: "사과", meaning: "apple")
      store.send(.study(.view(.editWord(id, term: apple.term, meaning: apple.meaning)))) {
        $0.session.isSavingWord = true
      }
      await store.receive(.study(.wordEdited(bookID, .success(apple)))) {
        $0.session.words.replaceText(with: apple)
        $0.session.isSavingWord = false
      }
      store.send(.study(.view(.saveWord(term: "감", meaning: "persimmon")))) {
        $0.session.isSavingWord = true
        $0.session.wordDraft = WordDraft(term: "감", meaning: "persimmon")
      }
      let saved = await store.receive(
        "wordSaved",
        extracting: { action in
          if case .study(.wordSaved(_, .success(let word))) = action { word } else { nil }
        }
      ) { state, word in
        state.append(word)
        state.session.isSavingWord = false
        state.session.wordDraft = nil
        state.list.books[0].wordCount = 3
      }
      #expect(saved?.term == "감")
      #expect(store.state.visibleWords.map(\.id).last == saved?.id)
    }
  }

  /// `InMemoryWordService`.
  @Test func anInMemoryService() async throws {
    let service = InMemoryWordService(books: SampleWordbook.books)
    let flaky = InMemoryWordService(faults: .init(failureRate: 0.2, latency: .milliseconds(5)))
    #expect(try await service.fetchBooks().map(\.title) == [SampleWordbook.title])
    await flaky.setFaults(.none)
    #expect(try await flaky.fetchBooks().isEmpty)
  }

  /// `ScriptedWordService`.
  @Test func aScriptedService() async throws {
    let service = ScriptedWordService(wrapping: InMemoryWordService(books: [("Verbs", [])]))
    await service.fail(.fetchBooks, call: 1, with: WordServiceError(.unavailable, "offline"))
    await service.hold(.fetchBooks, call: 2)
    // … the first load fails; the second waits until:
    await #expect(throws: WordServiceError.self) { try await service.fetchBooks() }
    let second = Task { try await service.fetchBooks() }
    await service.waitUntilHeld(.fetchBooks)
    await service.release(.fetchBooks)
    #expect(await service.callCount(of: .fetchBooks) == 2)
    #expect(try await second.value.map(\.title) == ["Verbs"])
  }

  /// `WordService.searchWords(matching:in:after:limit:)`.
  @Test func searchingWords() async throws {
    let service = InMemoryWordService(books: [
      ("Fruit", [WordDraft(term: "사과", meaning: "apple"), WordDraft(term: "배", meaning: "pear")])
    ])
    let firstPage = try await service.searchWords(matching: "사과", in: nil, after: nil, limit: 50)
    #expect(firstPage.map(\.word.term) == ["사과"])
  }

  /// `WordService.changes()`. The time limit is a safety net, as in `stayingLive()`.
  @Test(.timeLimit(.minutes(1))) func followingChanges() async throws {
    let service = InMemoryWordService(books: nouns)
    let bookID = try await service.fetchBooks()[0].id
    let word = try await service.fetchWords(in: bookID)[0]
    let listening = Task {
      var received: [[WordChange]] = []
      for await changes in service.changes() {
        print(changes)  // [.wordUpdated(word, book: bookID)]
        received.append(changes)
        break
      }
      return received
    }
    let deadline = ContinuousClock.now + .seconds(5)
    while service.changeSubscriberCount == 0, ContinuousClock.now < deadline {
      await Task.yield()
    }
    let edited = try await service.updateWord(word.id, term: word.term, meaning: "water!")
    #expect(await listening.value == [[.wordUpdated(edited, book: bookID)]])
  }

  /// `WordService.importWords(intoBookTitled:onDuplicate:progress:rows:)`.
  @Test func importingRows() async throws {
    let service = InMemoryWordService()
    let summary = try await service.importWords(
      intoBookTitled: "Korean", onDuplicate: .skip, progress: { _ in },
      rows: { write throws(WordServiceError) in
        try write([WordDraft(term: "만", meaning: "ten thousand")])
        try write([WordDraft(term: "만", meaning: "only")])  // a homonym: added
      })
    #expect(summary.added == 1)
    #expect(summary.homonyms == 1)
    #expect(summary.book.wordCount == 2)
  }

  /// `SchedulerSettings`.
  @Test func customSchedulerSettings() throws {
    let settings = try SchedulerSettings(desiredRetention: 0.85, learningSteps: [.seconds(300)])
    let scheduler = ReviewScheduler(settings: settings)
    #expect(scheduler.settings.desiredRetention == 0.85)
  }

  /// `Timestamp.init(iso8601:)`.
  @Test func readingAnISO8601Time() {
    #expect(
      Timestamp(iso8601: "2026-12-01T19:00:00+09:00")?.iso8601 == "2026-12-01T10:00:00Z")
  }

  /// `WordMemory`.
  @Test func aWordsMemoryIsWhatItsLogReplaysTo() {
    let word = Word(id: Word.ID(7), term: "물", meaning: "water")
    let now = Timestamp(secondsSince1970: 1_764_583_200)
    let scheduler = ReviewScheduler()
    var memory = WordMemory(for: word.id)
    memory = memory.reviewed(Review(rating: .good, time: now), by: scheduler)
    #expect(
      memory
        == WordMemory.replaying([Review(rating: .good, time: now)], of: word.id, with: scheduler))
    #expect(memory.state != WordMemory(for: word.id).state)
  }

  /// `WordService.recordReview(_:of:)` and `WordService.importReviews(_:)`.
  @Test func recordingAndImportingReviews() async throws {
    let service = InMemoryWordService(books: nouns)
    let book = try await service.fetchBooks()[0]
    let word = try await service.fetchWords(in: book.id)[0]
    let then = Timestamp(secondsSince1970: 1_764_500_000)
    let now = Timestamp(secondsSince1970: 1_764_583_200)
    let count = try await service.importReviews { write throws(WordServiceError) in
      try write([WordReview(wordID: word.id, review: Review(rating: .good, time: then))])
    }
    #expect(count == 1)
    let state = try await service.recordReview(
      Review(rating: .good, time: now, id: .random()), of: word.id)
    #expect(try await service.fetchReviews(of: word.id).count == 2)
    #expect(state.phase != .new)
    // The rating marks the word known in the same write.
    #expect(try await service.fetchWords(in: book.id)[0].studyState == .success)
  }

  /// `WordService.importReviews(into:byTerm:)`.
  @Test func importingReviewsByTerm() async throws {
    let service = InMemoryWordService(books: [("Korean", [WordDraft(term: "사랑", meaning: "love")])])
    let book = try await service.fetchBooks()[0]
    let then = Timestamp(secondsSince1970: 1_764_500_000)
    let count = try await service.importReviews(into: book.id) { write throws(WordServiceError) in
      try write([TermReview(line: 2, term: "사랑", review: Review(rating: .good, time: then))])
    }
    #expect(count == 1)
    let word = try await service.fetchWords(in: book.id)[0]
    #expect(try await service.fetchReviews(of: word.id) == [Review(rating: .good, time: then)])
  }

  /// `WordService.fetchNewWordCount(in:since:)`.
  @Test func countingTheNewWordsBegunToday() async throws {
    let service = InMemoryWordService(books: nouns)
    let book = try await service.fetchBooks()[0]
    let word = try await service.fetchWords(in: book.id)[0]
    let now = Timestamp(secondsSince1970: 1_764_583_200)
    _ = try await service.recordReview(Review(rating: .good, time: now), of: word.id)
    let begunToday = try await service.fetchNewWordCount(in: book.id, since: now.startOfDay)
    #expect(begunToday == 1)
  }

  /// `ReviewSchedule`'s overview: what Due mode shows, once a word has been rated.
  @Test func readingTheSchedule() async {
    let time = Timestamp(secondsSince1970: 1_800_000_000)
    let store = Store(
      initialState: AppState(seed: 7),
      reducer: AppReducer(service: InMemoryWordService(books: nouns), clock: { time }))
    store.send(.books(.view(.loadBooks)))
    await store.settle()
    store.send(.books(.view(.selectBook(store.state.list.books[0].id))))
    await store.settle()
    store.send(.study(.view(.rate(store.state.visibleWords.ids[0], .again, at: time))))
    store.send(.study(.view(.setStudyMode(.due))))
    await store.settle()
    let state = store.state
    if state.session.words.mode == .due, let next = state.session.schedule.nextDue {
      print("\(state.session.schedule.dueCount) due, the next at \(next.iso8601)")
    }
    #expect(state.session.schedule.nextDue == time.advanced(by: 60))
  }

  /// `WordService.fetchDailyReviewCounts(in:from:to:)`, `Timestamp.startOfDay`,
  /// `WordService.fetchReviewStatistics(of:at:)` and `ReviewStatistics`.
  @Test func readingAReviewHistory() async throws {
    let service = InMemoryWordService(books: nouns)
    let book = try await service.fetchBooks()[0]
    let word = try await service.fetchWords(in: book.id)[0]
    let now = Timestamp(secondsSince1970: 1_764_583_200)
    _ = try await service.recordReview(
      Review(rating: .good, time: now.advanced(by: -3600)), of: word.id)
    let year = try await service.fetchDailyReviewCounts(
      in: book.id, from: now.advanced(by: -365 * 86_400), to: now)
    #expect(year == [DailyReviewCount(day: now.startOfDay, count: 1)])
    #expect(
      Timestamp(iso8601: "2026-12-01T10:00:00Z")?.startOfDay.iso8601 == "2026-12-01T00:00:00Z")
    let statistics = try await service.fetchReviewStatistics(of: book.id, at: now)
    #expect(statistics.dueToday == 1)
    #expect(statistics.dueThisWeek == 1)
  }

  /// A service whose book "Words" has 200 words reviewed three times, then a day and three
  /// days later, and a moment a month after.
  func reviewedService() async throws -> (InMemoryWordService, WordBook, Timestamp) {
    let drafts = (0..<200).map { WordDraft(term: "word \($0)", meaning: "m") }
    let service = InMemoryWordService(books: [("Words", drafts)])
    let book = try await service.fetchBooks()[0]
    let start = Timestamp(secondsSince1970: 1_700_000_000)
    for (index, word) in try await service.fetchWords(in: book.id).enumerated() {
      for (day, rating) in [(0, Rating.good), (1, .good), (4, index % 5 == 0 ? .again : .good)] {
        let time = start.advanced(by: Int64(day) * 86_400 + Int64(index))
        _ = try await service.recordReview(Review(rating: rating, time: time), of: word.id)
      }
    }
    return (service, book, start.advanced(by: 30 * 86_400))
  }

  /// `ReviewHistory`, `WordService.fetchReviewLogs(in:after:limit:)` and `ParameterOptimizer`.
  @Test func fittingParametersToAHistory() async throws {
    let (service, book, now) = try await reviewedService()
    let page = try await service.fetchReviewLogs(in: book.id, after: nil, limit: 4096)
    #expect(page.count == 200)
    let logs = page
    let settings = SchedulerSettings.standard
    var shown: [Double] = []
    var adopted = settings.parameters

    var history = ReviewHistory(now: now)
    for log in logs { history.append(log.reviews, of: log.wordID) }
    let optimizer = ParameterOptimizer(history: history)
    let current = optimizer.evaluation(of: settings.parameters)
    let fit = try optimizer.fit { progress in shown.append(progress.fraction) }
    if let current, fit.evaluation.rmseBins < current.rmseBins {
      adopted = fit.parameters
    }
    #expect(shown.last == 1)
    let lowers = fit.evaluation.rmseBins < (current?.rmseBins ?? 0)
    #expect(adopted == (lowers ? fit.parameters : settings.parameters))

    let word = try await service.fetchWords(in: book.id)[0]
    let reviews = page[0].reviews
    do {
      var history = ReviewHistory(now: now)
      history.append(reviews, of: word.id)
      #expect(history.itemCount == 2)
    }
  }

  /// `fetchReviewHistory(in:at:ignoringLaterReviews:)`, `fetchParameterEvaluation(in:at:)` and
  /// the scheduling article's fit.
  @Test func adoptingFittedParameters() async throws {
    let (service, book, now) = try await reviewedService()
    var settings = try await service.reviewSettings()
    var shown: [Double] = []
    do {
      let history = try await service.fetchReviewHistory(in: book.id, at: now)
      let fit = try ParameterOptimizer(history: history).fit()
      #expect(fit.evaluation.itemCount == 400)
    }

    let history = try await service.fetchReviewHistory(in: book.id, at: now)
    let optimizer = ParameterOptimizer(history: history)
    let current = optimizer.evaluation(of: settings.scheduler.parameters)
    let fit = try optimizer.fit { progress in shown.append(progress.fraction) }
    if let current, fit.evaluation.rmseBins < current.rmseBins {
      settings.scheduler = try SchedulerSettings(parameters: fit.parameters)
      try await service.setReviewSettings(settings)
    }

    let prediction = try await service.fetchParameterEvaluation(in: book.id, at: now)
    #expect(prediction?.itemCount == 400)
    #expect(prediction?.rmseBins == min(fit.evaluation.rmseBins, current?.rmseBins ?? 1))
  }

  /// `StudyCards`: a front end's own place in the cards, the screen's rules applied to it.
  @Test func aFrontEndAppliesTheStudyScreensRules() async {
    let store = await openedStore(service: InMemoryWordService(books: nouns))
    let first = store.state.visibleWords.id(at: 0)
    var cards = StudyCards()
    let book = store.state.session.bookID
    let outcome = cards.apply(.rate(.good), to: store.state, at: .now)
    for action in outcome.actions { store.send(action) }
    cards.follow(store.state, bookBefore: book)
    #expect(store.state.session.words[first]?.studyState == .success)
    #expect(cards.cursor == 1)
  }

  /// `StudyScreenFeature`: the whole screen in a store, observed at the app's parts and its own.
  @Test func aStoreRunsTheStudyScreen() async {
    let service = InMemoryWordService(books: nouns)
    var shown: [String] = []
    func showCards() { shown.append("cards") }
    func showCurrentCard() { shown.append("current card") }
    let store = Store(
      initialState: StudyScreenFeature.State(app: AppState(seed: 1)),
      reducer: StudyScreenFeature(app: AppReducer(service: service)))
    store.observe(\.app, [.visibleWords]) { showCards() }
    store.observe([.screen]) { showCurrentCard() }
    store.send(.app(.books(.view(.loadBooks))))
    await store.settle()
    store.send(.app(.books(.view(.selectBook(store.state.app.list.books[0].id)))))
    await store.settle()
    store.send(.command(.rate(.good), at: .now))
    await store.settle()
    #expect(store.state.cards.cursor == 1)
    #expect(shown.contains("cards") && shown.last == "current card")
  }

  /// `TypedAnswer`.
  @Test func aTypedAnswerProposesARating() {
    let answer = TypedAnswer(typed: "스다듬다", answer: "쓰다듬다; to stroke")
    #expect(answer.proposal == .hard)
    #expect(answer.typedMarks.map(\.kind) == [.wrong, .right, .right, .right])
  }

  /// `RatingPreview` and `WordService.fetchRatingPreview(of:at:)`.
  @Test func aRatingPreviewSaysWhatEachRatingSchedules() async throws {
    let service = InMemoryWordService(books: nouns)
    let word = try #require(
      try await service.fetchWords(in: try await service.fetchBooks()[0].id).first)
    let now = Timestamp(secondsSince1970: 1_780_000_000)
    let preview = try await service.fetchRatingPreview(of: word.id, at: now)
    #expect(preview.wait(after: .good) == 600)
  }
}
