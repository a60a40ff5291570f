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
  /// What says a word when the learner asks (`p`), or `nil` without `espeak-ng`.
  private let speaker: Speaker?
  /// Whether the last key asked to hear a word that cannot be said: the status line says
  /// which package to install, until the next key.
  private var lacksSpeaker = false
  /// Keeps the learner's preferences when they change, and reads the books' speech languages.
  private let preferences: StudyPreferencesKeeper

  /// How many marks were not saved when the learner chose to quit anyway.
  public var marksLeftUnsaved: Int { store.state.screen.cards.marksLeftUnsaved }

  /// Whether the learner quit and every mark has reached the service since.
  public var isFinished: Bool { store.state.isFinished }

  /// Creates the screen on `store`.
  ///
  /// - Parameters:
  ///   - store: The store to draw and send keys to.
  ///   - renderer: How to draw the screen.
  ///   - searchPath: The folders where `espeak-ng` is looked for, as a `PATH`: `p` says the
  ///     side shown with it.
  ///   - values: Where the learner's study preferences are kept when they change, and each
  ///     book's speech languages read; `nil` keeps nothing.
  public init(
    store: Store<StudyScreen, StudyScreenAction>, renderer: StudyScreenRenderer,
    searchPath: String? = nil, values: (any FrontEndValueStore)? = nil
  ) {
    self.store = store
    self.renderer = renderer
    self.speaker = Speaker(searchPath: searchPath)
    self.preferences = StudyPreferencesKeeper(
      values: values, preferences: store.state.screen.cards.preferences)
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
    let before = store.state.screen
    store.send(.key(key, pageSize: pageSize))
    let after = store.state.screen
    if after.cards.isQuitting != before.cards.isQuitting {
      observe(includingMarks: after.cards.isQuitting)
    }
    let wasLacking = lacksSpeaker
    lacksSpeaker = false
    if let speech = after.cards.speech, speech != before.cards.speech {
      say(speech)
    }
    if lacksSpeaker != wasLacking { requestRedraw() }
    if after.cards.preferences != before.cards.preferences {
      preferences.keep(after.cards.preferences)
    }
    return !after.cards.hasQuit
  }

  /// Says `speech` in its book's language; without `espeak-ng`, the status line says why.
  private func say(_ speech: SpeechRequest) {
    guard let speaker else {
      lacksSpeaker = true
      return
    }
    guard let book = store.state.app.session.bookID else { return }
    let read = preferences.speechLanguages(of: book) { [weak self] in
      // A later request may have come meanwhile: only the last one is said.
      guard let self, store.state.screen.cards.speech == speech else { return }
      say(speech)
    }
    if let read { speaker.say(read.spoken(speech)) }
  }

  /// Waits until the learner's preferences are kept.
  public func finishKeepingPreferences() async {
    await preferences.finishWriting()
  }

  /// The screen for a window of `size`.
  public func frame(size: TerminalSize) -> [String] {
    pageSize = renderer.listRows(store.state.app, screen: store.state.screen, size: size)
    var lines = renderer.render(store.state.app, screen: store.state.screen, size: size)
    if lacksSpeaker, lines.count > 1 {
      lines[lines.count - 1] = StyledLine(renderer.messages.speakerMissing, style: .error)
        .rendered(width: size.columns, color: renderer.color)
    }
    return lines
  }

  /// Stops observing the store, and the word being said.
  public func stop() {
    if let observer { store.removeObserver(observer) }
    observer = nil
    speaker?.stop()
  }
}
