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
  private var observer: StoreObserverToken?

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
  /// part but undo and unsaved marks, which it doesn't show, so a save's answer draws nothing.
  public func start(requestRedraw: @escaping @MainActor () -> Void) {
    let shown: (AppState.Part) -> Bool = { $0 != .marks }
    observer = store.observe(where: shown) { [weak self] in
      self?.openFirstBookWhenLoaded()
      requestRedraw()
    }
    store.send(.loadBooks)
  }

  /// Handles one key press.
  public func handle(_ key: Key) -> Bool {
    let response = StudyScreenKeys.handle(key, state: store.state, screen: &screen)
    for action in response.actions { store.send(action) }
    return !response.quits
  }

  /// The screen for a window of `size`.
  public func frame(size: TerminalSize) -> [String] {
    renderer.render(store.state, screen: screen, size: size)
  }

  /// Stops observing the store.
  public func stop() {
    if let observer { store.removeObserver(observer) }
    observer = nil
  }

  /// Opens the wordbook asked for on the command line, or the first one, as soon as the list
  /// has loaded, so a new user sees cards at once.
  private func openFirstBookWhenLoaded() {
    let state = store.state
    guard state.booksStatus == .loaded, state.selectedBookID == nil, screen.overlay == .none,
      let first = state.books.first
    else { return }
    let book = requestedBook.flatMap { BookReference($0).resolve(in: state.books) } ?? first
    requestedBook = nil
    store.send(.selectBook(book.id))
  }
}
