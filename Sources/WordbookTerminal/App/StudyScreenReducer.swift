import StoreCore
import Wordbook

/// The study screen's reducer: the domain's study screen rules (`StudyCards`) and `AppReducer`,
/// with what only the terminal has around them: its prompts, overlays, questions and the keys
/// typed while things load.
///
/// The screen's rules, each a pure change of ``StudyScreen``:
/// - A key goes through ``StudyScreenKeys``, which turns it into the study screen's commands
///   (`StudyCards.apply(_:to:at:)`) or opens a prompt; the app's actions it asks for are
///   applied in the same pass, never sent back to the store.
/// - Once the wordbooks have loaded, the screen opens the book asked for on the command line;
///   else, once the app has reopened the book studied last or found none, the first one, so a
///   new user sees cards at once.
/// - A key typed while the wordbooks or the words are loading waits in
///   ``StudyScreen/keysWhileLoading`` and is handled once they are there, each waiting key
///   after the actions of the one before.
/// - The picker's highlighted row stays on a book when the list shrinks (the open book
///   deleted): the row above the one that went is highlighted.
/// - Quitting with marks on their way waits for them (``StudyScreen/isFinished``).
/// - After every action the cards follow the app as the study page's do
///   (`StudyCards.follow(_:bookBefore:)`): the cursor goes to the round's current card as
///   ratings move it on, and another book starts from its first card.
///
/// ```swift
/// let store = Store(
///   initialState: StudyScreen(app: AppState(seed: 1)),
///   reducer: StudyScreenReducer(app: AppReducer(service: InMemoryWordService())))
/// store.send(.app(.books(.view(.loadBooks))))
/// store.send(.key(.right, pageSize: 10))
/// ```
///
/// Only the app's actions change the app's state, and a key's are recorded in its place
/// (`RecordsAppliedActions`), so a session recorded through `ScopedActionRecorder` with
/// ``StudyScreenAction/appAction`` replays through `AppReducer` alone.
public struct StudyScreenReducer: Reducer {
  private let app: AppReducer

  /// Creates the screen's reducer around the app's.
  ///
  /// - Parameter app: The reducer of the app's state.
  public init(app: AppReducer) {
    self.app = app
  }

  /// Applies `action`: an app's action, or a key and the app's actions it asks for; then what
  /// the screen does by itself, all in one pass.
  public func reduce(into state: inout StudyScreen, action: StudyScreenAction)
    -> Effect<StudyScreenAction>
  {
    let before = state.screen
    var effects: [Effect<AppAction>] = []
    var applied: [AppAction] = []
    // The cards follow the app after each key's actions, so that the next key sees where the
    // round moved the cursor.
    func apply(_ actions: [AppAction]) {
      let book = state.app.session.bookID
      for action in actions {
        // The card a key rates is the one under the cursor: the round finds it there.
        if case .study(.view(.rate(let wordID, _, _, _))) = action {
          state.app.noteShown(wordID, at: state.screen.cards.position(in: state.app))
        }
        effects.append(app.apply(action, to: &state.app))
        applied.append(action)
      }
      state.screen.cards.follow(state.app, bookBefore: book)
    }
    switch action {
    case .app(let action):
      let book = state.app.session.bookID
      effects.append(app.apply(action, to: &state.app))
      state.screen.cards.follow(state.app, bookBefore: book)
    case .key(let key, let pageSize, let time):
      state.screen.cards.pageSize = pageSize
      state.lastKeyTime = time
      apply(state.press(key))
    }
    // Each round opens a book or handles a waiting key, so there are at most that many.
    for _ in 0...(state.keysWhileLoading.count + 1) {
      let actions = state.followApp()
      if actions.isEmpty { break }
      apply(actions)
    }
    state.appliedActions = applied
    if state.screen != before { state.screenChanges.insert(.screen) }
    // Most actions ask for nothing and a key for one effect: no merge for them.
    return switch effects.count {
    case 0: .none
    case 1: effects[0].map(StudyScreenAction.app)
    default: Effect<AppAction>.merge(effects).map(StudyScreenAction.app)
    }
  }
}

extension StudyScreen: RecordsAppliedActions {
  /// The app's actions `action` applied: a key's in its place, an app's action with those the
  /// screen applied after it by itself (opening the first book, keys that waited).
  public func recordedActions(for action: StudyScreenAction) -> [StudyScreenAction] {
    let applied = appliedActions.map(StudyScreenAction.app)
    if case .app = action { return [action] + applied }
    return applied
  }
}
