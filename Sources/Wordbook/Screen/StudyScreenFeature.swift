import StoreCore

/// The study screen as a store's feature: the app's state, where the learner is in its cards,
/// and the rules of ``StudyCards`` run on the learner's commands. A front end with no screen
/// state of its own runs it whole (the study page, whose session runs it on the server); the
/// terminal keeps its prompts and overlays beside a ``StudyCards`` and runs the same rules,
/// ``StudyCards/apply(_:to:at:)`` on a command and ``StudyCards/follow(_:bookBefore:)`` after
/// every action.
///
/// ```swift
/// let store = Store(
///   initialState: StudyScreenFeature.State(app: AppState(seed: 1)),
///   reducer: StudyScreenFeature(app: AppReducer(service: service)))
/// store.observe(\.app, [.visibleWords]) { showCards() }
/// store.observe([.cards]) { showCurrentCard() }
/// store.send(.app(.books(.view(.loadBooks))))
/// store.send(.command(.rate(.good), at: .now))
/// ```
///
/// Besides the commands' rules: a book opened, created, or deleted (here or elsewhere) starts
/// from its first card, and the cursor stays among the cards as they change.
public struct StudyScreenFeature: Reducer {
  /// The app's state and the place in its cards.
  public struct State: Equatable, Sendable, PartTrackingState {
    /// The part of the state the feature adds to the app's, whose parts a store observes at
    /// `\.app`.
    public enum Part: Hashable, Sendable {
      /// ``cards``: the current card, the round, the notice, quitting.
      case cards
    }

    /// The state of the study session: books, words, marks.
    public var app: AppState
    /// Where the learner is in the cards.
    public var cards: StudyCards
    /// Whether ``cards`` changed since the store last took the record.
    public var changedParts = ChangedParts<Part>()

    /// Creates the state of a screen on `app`.
    ///
    /// - Parameters:
    ///   - app: The app's state, usually one that has loaded nothing yet.
    ///   - cards: Where the learner is in the cards.
    public init(app: AppState, cards: StudyCards = StudyCards()) {
      self.app = app
      self.cards = cards
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

  /// Applies `action`: the app's reducer for an app's action, the rules of ``StudyCards`` for a
  /// command, whose actions are sent after it.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let cards = state.cards
    let book = state.app.selectedBookID
    let effect: Effect<Action>
    switch action {
    case .app(let action):
      effect = app.reduce(into: &state.app, action: action).map { .app($0) }
    case .command(let command, let time):
      let actions = state.cards.apply(command, to: state.app, at: time).actions
      effect =
        switch actions.count {
        case 0: .none
        case 1: .send(.app(actions[0]))
        default: .merge(actions.map { .send(.app($0)) })
        }
    }
    state.cards.follow(state.app, bookBefore: book)
    if state.cards != cards { state.changedParts.insert(.cards) }
    return effect
  }
}
