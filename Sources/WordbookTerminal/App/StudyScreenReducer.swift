import StoreCore
import Wordbook

/// The study screen's reducer: `AppReducer` scoped over the app's part of the state, then the
/// screen's own rules, which turn keys into moves of the cursor and actions of the app, and
/// follow the app's answers.
///
/// The screen's rules, each a pure change of ``StudyScreen``:
/// - A key goes through ``StudyScreenKeys``; the app's actions it asks for are sent after it.
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
///   (`StudyCards.follow(_:bookBefore:)`): another book starts from its first card, and the
///   cursor stays among the visible cards.
///
/// ```swift
/// let store = Store(
///   initialState: StudyScreen(app: AppState(seed: 1)),
///   reducer: StudyScreenReducer(app: AppReducer(service: InMemoryWordService())))
/// store.send(.app(.books(.view(.loadBooks))))
/// store.send(.key(.right, pageSize: 10))
/// ```
///
/// Only the app's actions change the app's state, so a session recorded through
/// `ScopedActionRecorder` with ``StudyScreenAction/appAction`` replays through `AppReducer`
/// alone. The actions a key asks for are sent by this reducer, and recorded as effects.
public struct StudyScreenReducer: Reducer {
  private let body:
    CombinedReducer<
      Scope<StudyScreen, StudyScreenAction, AppReducer>, Reduce<StudyScreen, StudyScreenAction>
    >

  /// Creates the screen's reducer around the app's.
  ///
  /// - Parameter app: The reducer of the app's state.
  public init(app: AppReducer) {
    body = Scope(
      state: \StudyScreen.app, action: { $0.appAction }, embed: StudyScreenAction.app,
      child: app
    )
    .combined(with: Reduce(Self.reduceScreen))
  }

  /// Applies `action`: the app's reducer first, then the screen's rules.
  public func reduce(into state: inout StudyScreen, action: StudyScreenAction)
    -> Effect<StudyScreenAction>
  {
    let book = state.app.selectedBookID
    let before = state.screen
    let effect = body.reduce(into: &state, action: action)
    state.screen.cards.follow(state.app, bookBefore: book)
    if state.screen != before { state.screenChanges.insert(.screen) }
    return effect
  }

  private static func reduceScreen(into state: inout StudyScreen, action: StudyScreenAction)
    -> Effect<StudyScreenAction>
  {
    var actions: [AppAction] = []
    switch action {
    case .app:
      if state.actionsBeforeNextWaitingKey > 0 { state.actionsBeforeNextWaitingKey -= 1 }
    case .key(let key, let pageSize, let time):
      state.screen.cards.pageSize = pageSize
      state.lastKeyTime = time
      actions = state.press(key)
    }
    actions += state.followApp()
    // Most actions ask for nothing and a key for one action: no merge for them, which cost a
    // quarter of a key's time (`studyScreenKeys` benchmark: 8.2 µs a mark, 6.2 µs without).
    switch actions.count {
    case 0: return .none
    case 1: return .send(.app(actions[0]))
    default: return .merge(actions.map { .send(.app($0)) })
    }
  }
}
