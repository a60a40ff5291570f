/// A state whose reducer applies some actions inline, as parts of another action, and keeps
/// them: a store's recorder logs them in that action's place, so that a log replays through the
/// reducer that applied them.
///
/// A screen whose key press rates a card changes the app in the same pass, never by sending the
/// app's action back to the store; the key press itself is recorded as the app's actions it
/// applied.
///
/// ```swift
/// struct Screen: RecordsAppliedActions {
///   var app = 0
///   @Bookkeeping var applied: [ScreenAction] = []
///
///   func recordedActions(for action: ScreenAction) -> [ScreenAction] {
///     if case .key = action { applied } else { [action] }
///   }
/// }
/// ```
public protocol RecordsAppliedActions<Action> {
  /// The actions the store processes.
  associatedtype Action

  /// The actions to record for `action`, which the store has just processed, this state being
  /// the state after it: `[action]` for an action applied as it is.
  func recordedActions(for action: Action) -> [Action]
}
