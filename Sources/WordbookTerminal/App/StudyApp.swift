import StoreCore
import Wordbook

/// The interactive study screen on a terminal: sends keys to a store of ``StudyScreen`` and
/// draws its state.
///
/// It decides nothing: the cursor, the overlay, the prompt and what the screen does while
/// things load are ``StudyScreenReducer``'s, words and marks `AppReducer`'s.
@MainActor
public final class StudyApp: TerminalApplication {
  /// The store the screen draws and sends keys to.
  public let store: Store<StudyScreen, StudyScreenAction>
  private let renderer: StudyScreenRenderer
  private var observer: StoreObserverToken?
  private var requestRedraw: @MainActor () -> Void = {}
  /// The rows of the word list as last drawn: what PgUp and PgDn move by.
  private var pageSize = StudyCards().pageSize

  /// How many marks were not saved when the learner chose to quit anyway.
  public var marksLeftUnsaved: Int { store.state.screen.cards.marksLeftUnsaved }

  /// Whether the learner quit and every mark has reached the service since.
  public var isFinished: Bool { store.state.isFinished }

  /// Creates the screen on `store`.
  ///
  /// - Parameters:
  ///   - store: The store to draw and send keys to.
  ///   - renderer: How to draw the screen.
  public init(store: Store<StudyScreen, StudyScreenAction>, renderer: StudyScreenRenderer) {
    self.store = store
    self.renderer = renderer
  }

  /// Loads the wordbooks and redraws when a part of the state the screen shows changes: every
  /// part but undo and unsaved marks, which it shows only while quitting, so a save's answer
  /// draws nothing. Each book's round counts are read when the list of books opens (`b`), not
  /// here: the screen opens a book first.
  public func start(requestRedraw: @escaping @MainActor () -> Void) {
    self.requestRedraw = requestRedraw
    observe(includingMarks: false)
    store.send(.app(.books(.view(.loadBooks))))
  }

  private func observe(includingMarks: Bool) {
    if let observer { store.removeObserver(observer) }
    let shown: (StudyScreen.Part) -> Bool = { includingMarks || $0 != .app(.marks) }
    observer = store.observe(where: shown, requestRedraw)
  }

  /// Handles one key press.
  public func handle(_ key: Key) -> Bool {
    let wasQuitting = store.state.screen.cards.isQuitting
    store.send(.key(key, pageSize: pageSize))
    let isQuitting = store.state.screen.cards.isQuitting
    if isQuitting != wasQuitting { observe(includingMarks: isQuitting) }
    return !store.state.screen.cards.hasQuit
  }

  /// The screen for a window of `size`.
  public func frame(size: TerminalSize) -> [String] {
    pageSize = renderer.listRows(store.state.app, screen: store.state.screen, size: size)
    return renderer.render(store.state.app, screen: store.state.screen, size: size)
  }

  /// Stops observing the store.
  public func stop() {
    if let observer { store.removeObserver(observer) }
    observer = nil
  }
}
