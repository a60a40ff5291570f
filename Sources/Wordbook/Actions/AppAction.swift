/// Everything that can happen in a Wordbook session, nested by the feature it belongs to.
///
/// Each feature's action has a `view` case, what a front end sends
/// (``WordbookListFeature/Action/View``, ``StudySessionFeature/Action/View``), beside the answers of the ``WordService`` its
/// effects send, named `…Loaded`, `…Saved`, `…Created`, `…Deleted` and carrying a `Result`, so
/// actions stay `Equatable` and a recorded log replays without a service.
///
/// ```swift
/// store.send(.books(.view(.loadBooks)))
/// store.send(.study(.view(.markSuccess(wordID))))
/// ```
public enum AppAction: Equatable, Sendable {
  /// An action of the wordbook list: loading, choosing, creating, renaming and deleting books.
  case books(WordbookListFeature.Action)
  /// An action of the study session: the selected book's words, marks, ratings, undo and redo,
  /// which cards show in what order, adding, editing and deleting words, and the changes the
  /// service reports from elsewhere.
  case study(StudySessionFeature.Action)
  /// Hide the last error (``AppState/lastError``), whichever feature set it.
  case dismissError
}
