import StoreCore
import Wordbook
import WordbookInterchange

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One browser page's study session: its own store of the study screen (order, turned cards,
/// mode, undo, and the place in the cards) over the shared service, and the event stream that
/// tells the page what changed.
///
/// The store runs `StudyScreenFeature`, the study screen's rules the terminal runs too: the page
/// posts commands (`next`, `good`, `shuffle`) and shows what the `screen` event carries: the
/// current card, the page of the list that holds it when that page changed, and the round. The
/// page never receives a whole book, and the session observes the cards it sent only, so an
/// action sends the few events it changed.
@MainActor
final class WebSession {
  let id: String
  let events: EventStream
  /// The sign-in the page was opened with, on a server with accounts.
  let signIn: (user: WebUser, secret: String)?
  /// The language the page's errors are worded in.
  let language: Language
  /// The service the store talks to, which the review chart reads and offline ratings are
  /// recorded through.
  let service: any WordService
  private let store: Store<StudyScreenFeature.State, StudyScreenFeature.Action>
  /// Keeps the learner's study preferences when they change, and reads the books' speech
  /// languages.
  private let preferencesKeeper: StudyPreferencesKeeper
  private var observers: [StoreObserverToken] = []
  private var cardObservers: [Word.ID: StoreObserverToken] = [:]
  /// The cards of the list's page sent last, and of the window asked for last: those whose
  /// changes the page hears of.
  private var pageCards: Set<Word.ID> = []
  private var windowCards: Set<Word.ID> = []
  private var cardsVersion = 0
  /// The list's page the last `screen` event carried: where it starts, and the version of the
  /// cards it was taken from.
  private var sentPage: (start: Int, version: Int)?
  /// The requests waiting for their marks to be saved (``marksSettled(within:)``), each with
  /// the time it is answered without them.
  private var marksWaiters:
    [(deadline: ContinuousClock.Instant, continuation: CheckedContinuation<Bool, Never>)] = []
  /// Wakes at the earliest deadline of ``marksWaiters``, while there are any.
  private var lateWaiterTimer: Task<Void, Never>?

  /// The most cards one window request may ask for.
  static let windowLimit = 200

  /// How many cards the page's list shows at once: what its pages move by.
  static let pageSize = 20

  /// A session over `service` that starts with the learner's `preferences`
  /// (``StudyPreferencesKeeper/preferences(in:)``) and keeps them as they change.
  init(
    id: String, service: any WordService, seed: UInt64, language: Language,
    events: EventStream, signIn: (user: WebUser, secret: String)? = nil, peers: [String] = [],
    preferences: StudyPreferences = StudyPreferences()
  ) {
    self.id = id
    self.signIn = signIn
    self.language = language
    self.events = events
    self.service = service
    self.preferencesKeeper = StudyPreferencesKeeper(
      values: service as? any FrontEndValueStore, preferences: preferences)
    var cards = StudyCards()
    cards.pageSize = Self.pageSize
    cards.preferences = preferences
    store = Store(
      initialState: StudyScreenFeature.State(app: AppState(seed: seed), cards: cards),
      reducer: StudyScreenFeature(app: AppReducer(service: service)))
    observers = [
      store.observe(\.app, [.picker]) { [weak self] in self?.sendPicker() },
      store.observe(\.app, [.visibleWords]) { [weak self] in self?.sendCards() },
      store.observe(
        \.app, [.studyMode, .search, .reversed, .tally, .marks, .editor, .error, .schedule]
      ) {
        [weak self] in
        self?.sendStatus()
      },
      store.observe(\.app, [.marks]) { [weak self] in self?.marksChanged() },
      store.observe([.screen]) { [weak self] in
        guard let self else { return }
        preferencesKeeper.keep(store.state.cards.preferences)
        sendScreen()
      },
    ]
    send(
      "session",
      WebEvents.Session(id: id, user: signIn?.user.name, peers: peers.isEmpty ? nil : peers))
    sendPicker()
    sendStatus()
    sendCards()
    sendScreen()
    // Each book's round counts are read when the picker shows its books (books.js).
    store.send(.app(.books(.view(.loadBooks))))
    // What other pages, the terminal and `wordbook` commands change reaches this page too.
    store.send(.app(.study(.view(.subscribeToChanges))))
  }

  /// Sends `action` to the store.
  func send(_ action: AppAction) {
    store.send(.app(action))
  }

  /// Gives the study screen the learner's `command`, at the server's time: a page's clock may
  /// be wrong, or set to rewrite history.
  func send(_ command: StudyCards.Command) {
    store.send(.command(command, at: .now))
  }

  /// What `action` names that this page's learner does not have (a book or a word the
  /// session's state does not hold: another learner's, or none at all), or `nil` when it names
  /// nothing or what it names is there.
  func unknownName(in action: AppAction) -> AppError? {
    let state = store.state.app
    switch action {
    case .books(.view(.deleteBook(let id))), .books(.view(.renameBook(let id, _))),
      .books(.view(.selectBook(let id))):
      return state.list.books.contains { $0.id == id } ? nil : .unknownBook(id)
    case .study(.view(.deleteWord(let id))), .study(.view(.editWord(let id, _, _))),
      .study(.view(.flip(let id))), .study(.view(.markFail(let id))),
      .study(.view(.markSuccess(let id))), .study(.view(.rate(let id, _, _, _))),
      .study(.view(.resetMark(let id))):
      return state.session.words.contains(id) ? nil : .unknownWord(id)
    case .books, .study, .dismissError:
      return nil
    }
  }

  /// The cards at positions `from..<from+count` of the study order, which from now on are the
  /// cards whose changes the page hears about.
  func window(from: Int, count: Int) -> WebEvents.Window {
    let state = store.state.app
    let visible = state.visibleWords
    let lower = min(max(from, 0), visible.count)
    let upper = min(lower + min(max(count, 0), Self.windowLimit), visible.count)
    let cards = (lower..<upper).map { position in
      WebEvents.Card(visible[position], face: state.face(of: visible.id(at: position)))
    }
    windowCards = Set(cards.map { Word.ID($0.id) })
    observeCards()
    return WebEvents.Window(from: lower, count: visible.count, version: cardsVersion, cards: cards)
  }

  /// Observes the cards of the page sent last and of the window asked for last, each sending
  /// its `card` event when it changes.
  private func observeCards() {
    let shown = pageCards.union(windowCards)
    for (id, token) in cardObservers where !shown.contains(id) {
      store.removeObserver(token)
      cardObservers[id] = nil
    }
    for id in shown where cardObservers[id] == nil {
      cardObservers[id] = store.observe(\.app, [.card(id)]) { [weak self] in self?.sendCard(id) }
    }
  }

  /// What each rating of the word `id` would schedule now, as the page's rating buttons show
  /// it; refused for a word this page's cards do not hold.
  func ratingPreview(of id: Word.ID) async -> HTTPResponse {
    guard store.state.app.session.words.contains(id) else {
      return .refusal(.wordNotShown, in: language)
    }
    do {
      let preview = try await service.fetchRatingPreview(of: id, at: .now)
      return .json(
        WebEvents.Preview(id: id.rawValue, waits: Rating.allCases.map(preview.wait(after:))))
    } catch {
      return .text(500, error.message(in: language, for: .visitor))
    }
  }

  /// The open book's review chart at `time`, as ``ReviewChart`` draws it in the page's
  /// language; `nil` when no book is open.
  func chart(at time: Timestamp) async throws(WordServiceError) -> String? {
    let state = store.state.app
    guard let id = state.session.bookID, let book = state.list.books.first(where: { $0.id == id })
    else { return nil }
    let statistics = try await service.fetchReviewStatistics(of: id, at: time)
    return ReviewChart.svg(statistics, book: book.title, labels: ReviewChartLabels(language))
  }

  /// What became of the marks on their way to the service.
  enum MarksOutcome: Sendable {
    /// None was on its way.
    case noneOnTheirWay
    /// Every one the service was saving or was to save is saved.
    case saved
    /// The service refused some: the session keeps them as not saved.
    case notSaved
    /// Some are still on their way.
    case stillOnTheirWay
  }

  /// Waits until no mark is on its way to the service, or `limit` has passed, and says
  /// whether the service saved them.
  func marksSettled(within limit: Duration) async -> MarksOutcome {
    guard store.state.app.hasUnsavedMarks else { return .noneOnTheirWay }
    let refusedBefore = Set(store.state.app.session.unsavedMarks.keys)
    let settled = await withCheckedContinuation { continuation in
      marksWaiters.append((ContinuousClock.now + limit, continuation))
      finishLateWaiters()
    }
    guard settled else { return .stillOnTheirWay }
    let refused = Set(store.state.app.session.unsavedMarks.keys).subtracting(refusedBefore)
    return refused.isEmpty ? .saved : .notSaved
  }

  /// Tells every request waiting for marks that they are settled, once none is on its way.
  private func marksChanged() {
    guard !marksWaiters.isEmpty, !store.state.app.hasUnsavedMarks else { return }
    answerWaiters(settled: true) { _ in true }
  }

  /// Takes the waiting requests whose deadline `isAnswered` picks out of ``marksWaiters`` and
  /// tells each whether the marks are `settled`.
  private func answerWaiters(
    settled: Bool, where isAnswered: (ContinuousClock.Instant) -> Bool
  ) {
    let answered = marksWaiters.filter { isAnswered($0.deadline) }
    marksWaiters.removeAll { isAnswered($0.deadline) }
    for waiter in answered { waiter.continuation.resume(returning: settled) }
  }

  /// Answers the requests whose patience has run out, and keeps one timer, for the earliest
  /// deadline of those left: a request does not start a timer of its own.
  private func finishLateWaiters() {
    let now = ContinuousClock.now
    answerWaiters(settled: false) { $0 <= now }
    guard lateWaiterTimer == nil, let earliest = marksWaiters.map(\.deadline).min() else { return }
    lateWaiterTimer = Task { [weak self] in
      try? await Task.sleep(until: earliest)
      guard !Task.isCancelled else { return }
      self?.lateWaiterTimer = nil
      self?.finishLateWaiters()
    }
  }

  /// Waits until the learner's preferences are written.
  func finishKeepingPreferences() async {
    await preferencesKeeper.finishWriting()
  }

  /// Stops observing the store and ends the stream.
  func close() {
    store.send(.app(.study(.view(.unsubscribeFromChanges))))
    for token in observers + cardObservers.values { store.removeObserver(token) }
    observers = []
    cardObservers = [:]
    lateWaiterTimer?.cancel()
    lateWaiterTimer = nil
    answerWaiters(settled: false) { _ in true }
    events.close()
  }

  private func sendPicker() {
    send("picker", WebEvents.Picker(store.state.app, language: language))
  }

  private func sendStatus() {
    events.send("status", data: WebEvents.Status(store.state.app, language: language).json)
  }

  /// Sends the screen: where the current card is, the page of the list that holds it when that
  /// is not the page sent last, and the round. The current card is the page's, which `card`
  /// events keep up to date: an event never carries a card twice.
  private func sendScreen() {
    let state = store.state
    let app = state.app
    let visible = app.visibleWords
    let cursor = state.cards.position(in: app)
    let start = state.cards.pageStart(in: app)
    var page: [WebEvents.Card]?
    if sentPage?.start != start || sentPage?.version != cardsVersion {
      let end = min(start + state.cards.pageSize, visible.count)
      let cards = (start..<end).map { WebEvents.Card(visible[$0], face: face(at: $0)) }
      pageCards = Set(cards.map { Word.ID($0.id) })
      observeCards()
      sentPage = (start, cardsVersion)
      page = cards
    }
    let round = app.session.round
    send(
      "screen",
      WebEvents.Screen(
        cursor: cursor, pageStart: start, pageSize: state.cards.pageSize, count: visible.count,
        version: cardsVersion, page: page,
        round: WebEvents.Screen.Round(
          counts: WebEvents.Counts(round.counts), isScheduled: round.isScheduled,
          isOver: round.isOver, known: round.knownCount, notKnown: round.missed.count),
        typing: WebEvents.Typing(state.cards, in: app),
        speech: WebEvents.Speech(state.cards, languages: speechLanguages())))
  }

  /// The open book's speech languages, when they have been read; the screen is sent again
  /// once they are. A book's are read as it opens, so they are known before a card is said.
  private func speechLanguages() -> SpeechLanguages? {
    guard let book = store.state.app.session.bookID else { return SpeechLanguages() }
    return preferencesKeeper.speechLanguages(of: book) { [weak self] in
      guard let self, store.state.cards.speech != nil else { return }
      sendScreen()
    }
  }

  /// The face of the visible card at `position`.
  private func face(at position: Int) -> CardFace {
    let app = store.state.app
    return app.face(of: app.visibleWords.id(at: position))
  }

  private func sendCards() {
    cardsVersion += 1
    let state = store.state.app
    let (status, message) = WebEvents.status(of: state.session.wordsStatus, language: language)
    send(
      "cards",
      WebEvents.Cards(
        status: status, message: message, count: state.visibleWords.count, version: cardsVersion))
    sendScreen()
  }

  private func sendCard(_ id: Word.ID) {
    let state = store.state.app
    guard let word = state.session.words[id] else { return }
    events.send("card", data: WebEvents.Card(word, face: state.face(of: id)).json)
  }

  private func send(_ name: String, _ value: some Encodable) {
    guard let data = try? JSONEncoder().encode(value) else { return }
    events.send(name, data: String(decoding: data, as: UTF8.self))
  }
}
