import StoreCore
import Wordbook
import WordbookInterchange

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One browser page's study session: its own store (order, turned cards, mode, undo) over the
/// shared service, and the event stream that tells the page what changed.
///
/// The page never receives a whole book: it asks for the window of cards it shows, and the
/// session observes those cards' parts only, so an action sends the few events it changed.
@MainActor
final class WebSession {
  let id: String
  let events: EventStream
  /// The sign-in the page was opened with, on a server with accounts.
  let signIn: (user: String, secret: String)?
  /// The language the page's errors are worded in.
  let language: Language
  /// The service the store talks to, which the review chart reads too.
  private let service: any WordService
  private let store: Store<AppState, AppAction>
  private var observers: [StoreObserverToken] = []
  private var cardObservers: [Word.ID: StoreObserverToken] = [:]
  private var cardsVersion = 0

  /// The most cards one window request may ask for.
  static let windowLimit = 200

  init(
    id: String, service: any WordService, seed: UInt64, language: Language,
    events: EventStream, signIn: (user: String, secret: String)? = nil, peers: [String] = []
  ) {
    self.id = id
    self.signIn = signIn
    self.language = language
    self.events = events
    self.service = service
    store = Store(initialState: AppState(seed: seed), reducer: AppReducer(service: service))
    observers = [
      store.observe([.picker]) { [weak self] in self?.sendPicker() },
      store.observe([.visibleWords]) { [weak self] in self?.sendCards() },
      store.observe([.studyMode, .search, .reversed, .tally, .marks, .editor, .error, .schedule]) {
        [weak self] in
        self?.sendStatus()
      },
    ]
    send(
      "session",
      WebEvents.Session(id: id, user: signIn?.user, peers: peers.isEmpty ? nil : peers))
    sendPicker()
    sendStatus()
    sendCards()
    store.send(.loadBooks)
    // What other pages, the terminal and `wordbook` commands change reaches this page too.
    store.send(.subscribeToChanges)
  }

  /// Sends `action` to the store.
  func send(_ action: AppAction) {
    store.send(action)
  }

  /// What `action` names that this page's learner does not have (a book or a word the
  /// session's state does not hold: another learner's, or none at all), or `nil` when it names
  /// nothing or what it names is there.
  func unknownName(in action: AppAction) -> AppError? {
    let state = store.state
    switch action {
    case .deleteBook(let id), .renameBook(let id, _), .selectBook(let id):
      return state.books.contains { $0.id == id } ? nil : .unknownBook(id)
    case .deleteWord(let id), .editWord(let id, _, _), .flip(let id), .markFail(let id),
      .markSuccess(let id), .rate(let id, _, _), .resetMark(let id):
      return state.words.contains(id) ? nil : .unknownWord(id)
    case .bookCreated, .bookDeleted, .bookRenamed, .booksLoaded, .createBook, .firstWordsLoaded,
      .lastStudiedBookLoaded, .loadBooks, .wordsLoaded, .redo, .retryUnsavedMarks,
      .reviewRecorded, .reviewRemoved, .setSearchQuery, .setStudyMode, .shuffle,
      .studyStatesSaved, .scheduleLoaded, .toggleReverse, .toggleStudyMode, .undo,
      .dismissError, .saveWord, .wordDeleted, .wordEdited, .wordSaved, .outsideBooksLoaded,
      .outsideChanges, .outsideWordsLoaded, .subscribeToChanges, .unsubscribeFromChanges:
      return nil
    }
  }

  /// The cards at positions `from..<from+count` of the study order, which from now on are the
  /// cards whose changes the page hears about.
  func window(from: Int, count: Int) -> WebEvents.Window {
    let state = store.state
    let visible = state.visibleWords
    let lower = min(max(from, 0), visible.count)
    let upper = min(lower + min(max(count, 0), Self.windowLimit), visible.count)
    let cards = (lower..<upper).map { position in
      WebEvents.Card(visible[position], face: state.face(of: visible.id(at: position)))
    }
    let shown = Set(cards.map { Word.ID($0.id) })
    for (id, token) in cardObservers where !shown.contains(id) {
      store.removeObserver(token)
      cardObservers[id] = nil
    }
    for id in shown where cardObservers[id] == nil {
      cardObservers[id] = store.observe([.card(id)]) { [weak self] in self?.sendCard(id) }
    }
    return WebEvents.Window(from: lower, count: visible.count, version: cardsVersion, cards: cards)
  }

  /// The open book's review chart at `time`, as ``ReviewChart`` draws it in the page's
  /// language; `nil` when no book is open.
  func chart(at time: Timestamp) async throws(WordServiceError) -> String? {
    let state = store.state
    guard let id = state.selectedBookID, let book = state.books.first(where: { $0.id == id })
    else { return nil }
    let statistics = try await service.fetchReviewStatistics(of: id, at: time)
    return ReviewChart.svg(statistics, book: book.title, labels: language.chartLabels)
  }

  /// Stops observing the store and ends the stream.
  func close() {
    store.send(.unsubscribeFromChanges)
    for token in observers + cardObservers.values { store.removeObserver(token) }
    observers = []
    cardObservers = [:]
    events.close()
  }

  private func sendPicker() {
    send("picker", WebEvents.Picker(store.state, language: language))
  }

  private func sendStatus() {
    send("status", WebEvents.Status(store.state, language: language))
  }

  private func sendCards() {
    cardsVersion += 1
    let state = store.state
    let (status, message) = WebEvents.status(of: state.wordsStatus, language: language)
    send(
      "cards",
      WebEvents.Cards(
        status: status, message: message, count: state.visibleWords.count, version: cardsVersion))
  }

  private func sendCard(_ id: Word.ID) {
    let state = store.state
    guard let word = state.words[id] else { return }
    send("card", WebEvents.Card(word, face: state.face(of: id)))
  }

  private func send(_ name: String, _ value: some Encodable) {
    guard let data = try? JSONEncoder().encode(value) else { return }
    events.send(name, data: String(decoding: data, as: UTF8.self))
  }
}
