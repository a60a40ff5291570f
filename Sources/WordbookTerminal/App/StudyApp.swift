import StoreCore
import Wordbook

/// The interactive study screen: renders the store's state and turns keys into actions.
///
/// It holds the screen's own view state (cursor, overlay, prompt) and nothing else; every
/// decision about words and marks is the reducer's.
@MainActor
public final class StudyApp: TerminalApplication {
  private let store: Store<AppState, AppAction>
  private let renderer: StudyScreenRenderer
  private var screen = StudyScreenState()
  private var requestedBook: String?
  /// Whether the screen still opens a book by itself: only until the first book is open, so
  /// a book that goes away later (deleted here or by another process) leaves the picker.
  private var opensFirstBook = true
  private var observer: StoreObserverToken?
  /// Keys typed while the wordbooks or the words were loading, handled once they are there.
  private var keysWhileLoading: [Key] = []
  private var requestRedraw: @MainActor () -> Void = {}

  /// How many marks were not saved when the learner chose to quit anyway.
  public private(set) var marksLeftUnsaved = 0

  /// Whether the learner quit and every mark has reached the service since.
  public var isFinished: Bool {
    screen.isQuitting && store.state.marksNotYetSaved == 0 && !store.state.isSavingWord
  }

  /// Creates the screen on `store`.
  ///
  /// - Parameters:
  ///   - store: The store to render and send actions to.
  ///   - renderer: How to draw the screen.
  ///   - book: The wordbook to open first, by title or ID; the first one when `nil`.
  public init(store: Store<AppState, AppAction>, renderer: StudyScreenRenderer, book: String?) {
    self.store = store
    self.renderer = renderer
    self.requestedBook = book
  }

  /// Loads the wordbooks and redraws when a part of the state the screen shows changes: every
  /// part but undo and unsaved marks, which it shows only while quitting, so a save's answer
  /// draws nothing.
  public func start(requestRedraw: @escaping @MainActor () -> Void) {
    self.requestRedraw = requestRedraw
    observe(includingMarks: false)
    store.send(.loadBooks)
  }

  private func observe(includingMarks: Bool) {
    if let observer { store.removeObserver(observer) }
    let requestRedraw = requestRedraw
    let shown: (AppState.Part) -> Bool = { includingMarks || $0 != .marks }
    observer = store.observe(where: shown) { [weak self] in
      self?.openFirstBookWhenLoaded()
      self?.handleKeysTypedWhileLoading()
      requestRedraw()
    }
  }

  /// Handles one key press; a key typed while the words are loading waits for them, so that
  /// a learner who starts marking at once on a large book loses no key.
  public func handle(_ key: Key) -> Bool {
    if isLoading, screen.prompt == nil, key != .character("q"), key != .endOfInput {
      keysWhileLoading.append(key)
      return true
    }
    let wasQuitting = screen.isQuitting
    let response = StudyScreenKeys.handle(key, state: store.state, screen: &screen)
    if screen.isQuitting != wasQuitting { observe(includingMarks: screen.isQuitting) }
    for action in response.actions { store.send(action) }
    if response.quits { marksLeftUnsaved = store.state.marksNotYetSaved }
    return !response.quits
  }

  /// The screen for a window of `size`.
  public func frame(size: TerminalSize) -> [String] {
    screen.pageSize = renderer.listRows(store.state, screen: screen, size: size)
    return renderer.render(store.state, screen: screen, size: size)
  }

  /// Stops observing the store.
  public func stop() {
    if let observer { store.removeObserver(observer) }
    observer = nil
  }

  /// Whether the screen is waiting for the wordbooks, for the book it opens first, or for
  /// the words of the book being opened.
  private var isLoading: Bool {
    let state = store.state
    guard state.selectedBookID != nil else {
      switch state.booksStatus {
      case .notLoaded, .loading: return true
      case .loaded:
        return opensFirstBook && (!state.books.isEmpty || state.isReopeningLastBook)
          && screen.overlay == .none
      case .failed: return false
      }
    }
    return state.wordsStatus == .loading
  }

  private func handleKeysTypedWhileLoading() {
    guard !isLoading, !keysWhileLoading.isEmpty else { return }
    let keys = keysWhileLoading
    keysWhileLoading = []
    for key in keys where !screen.isQuitting { _ = handle(key) }
  }

  /// Opens the wordbook asked for on the command line as soon as the list has loaded; else,
  /// once the reducer has reopened the book studied last or found none, the first one, so a
  /// new user sees cards at once.
  private func openFirstBookWhenLoaded() {
    let state = store.state
    if state.selectedBookID != nil { opensFirstBook = false }
    guard opensFirstBook, state.booksStatus == .loaded, state.selectedBookID == nil,
      screen.overlay == .none,
      requestedBook != nil || !state.isReopeningLastBook, let first = state.books.first
    else { return }
    let book = requestedBook.flatMap { BookReference($0).resolve(in: state.books) } ?? first
    requestedBook = nil
    // The flag drops once the selection shows in the state: until then, keys keep waiting.
    store.send(.selectBook(book.id))
  }
}
