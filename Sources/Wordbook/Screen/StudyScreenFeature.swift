import StoreCore

/// The study screen as a store's feature: the app's state, where the learner is in its cards,
/// and the rules of ``StudyCards`` run on the learner's commands. Every front end runs it: the
/// study page, whose session runs it on the server, and the terminal, which embeds it and adds
/// its prompts and overlays.
///
/// A command changes the app in the same pass: the app's actions it asks for are applied at
/// once, never sent back to the store, so no observer sees the screen moved and the app not
/// yet; a recorder logs them in the command's place (`RecordsAppliedActions`), so a log
/// replays through `AppReducer` alone.
///
/// ```swift
/// let store = Store(
///   initialState: StudyScreenFeature.State(app: AppState(seed: 1)),
///   reducer: StudyScreenFeature(app: AppReducer(service: service)))
/// store.observe(\.app, [.visibleWords]) { showCards() }
/// store.observe([.screen]) { showCurrentCard() }
/// store.send(.app(.books(.view(.loadBooks))))
/// store.send(.command(.rate(.good), at: .now))
/// ```
///
/// Besides the commands' rules: a book opened, created, or deleted (here or elsewhere) starts
/// from its first card, and the cursor stays among the cards as they change.
public struct StudyScreenFeature: Reducer {
  /// The app's state and the place in its cards.
  public struct State: Equatable, Sendable, PartTrackingState, RecordsAppliedActions {
    /// The part of the state the feature adds to the app's, whose parts a store observes at
    /// `\.app`.
    public enum Part: Hashable, Sendable {
      /// What the screen shows beside the app's parts: ``cards`` (the cursor, the notice,
      /// quitting) and the session's ``StudySessionFeature/State/round``.
      case screen
    }

    /// The state of the study session: books, words, marks.
    public var app: AppState
    /// Where the learner is in the cards.
    public var cards: StudyCards
    /// Whether the screen changed since the store last took the record.
    public var changedParts = ChangedParts<Part>()
    /// The app's actions the last command applied, which a recorder logs in its place.
    @Bookkeeping var appliedActions: [AppAction] = []

    /// Creates the state of a screen on `app`.
    ///
    /// - Parameters:
    ///   - app: The app's state, usually one that has loaded nothing yet.
    ///   - cards: Where the learner is in the cards.
    public init(app: AppState, cards: StudyCards = StudyCards()) {
      self.app = app
      self.cards = cards
      self.cards.follow(app, bookBefore: app.session.bookID)
    }

    /// The app's actions a command applied, in its place; any other action as it is.
    public func recordedActions(for action: Action) -> [Action] {
      if case .command = action { appliedActions.map(Action.app) } else { [action] }
    }
  }

  /// What happens to the screen: an action of the app, or a learner's command.
  public enum Action: Equatable, Sendable {
    /// An action of the app: one a command asked for, or an answer of the service.
    case app(AppAction)
    /// A learner's command, and when it was given: the time of a rating it makes.
    case command(StudyCards.Command, at: Timestamp)
  }

  private let app: AppReducer

  /// Creates the screen's reducer around the app's.
  ///
  /// - Parameter app: The reducer of the app's state.
  public init(app: AppReducer) {
    self.app = app
  }

  /// Applies `action`: the app's reducer for an app's action; for a command, the rules of
  /// ``StudyCards``, then the app's actions they ask for, in the same pass.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let cards = state.cards
    let round = state.app.session.round
    let book = state.app.session.bookID
    let effect: Effect<Action>
    switch action {
    case .app(let action):
      effect = app.apply(action, to: &state.app).map { .app($0) }
    case .command(let command, let time):
      let actions = state.cards.apply(command, to: state.app, at: time).actions
      state.appliedActions = actions
      effect = .merge(
        actions.map { action in
          if case .study(.view(.rate(let wordID, _, _, _))) = action {
            state.app.noteShown(wordID, at: state.cards.position(in: state.app))
          }
          return app.apply(action, to: &state.app).map { .app($0) }
        })
    }
    state.cards.follow(state.app, bookBefore: book)
    if state.cards != cards || state.app.session.round != round {
      state.changedParts.insert(.screen)
    }
    return effect
  }
}
