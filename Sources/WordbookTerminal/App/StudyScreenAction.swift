import Wordbook

/// What happens to the study screen: an action of the app, or a key press.
public enum StudyScreenAction: Equatable, Sendable {
  /// An action of the app: one the screen sends for the learner, or an answer of the service.
  case app(AppAction)
  /// A key press, with how many cards the word list showed when it was pressed (what PgUp and
  /// PgDn move by) and when it was pressed (the time of a rating it makes; a key kept while
  /// the words load rates at the time of the last key).
  case key(Key, pageSize: Int, at: Timestamp = .now)

  /// The app's action, or `nil` for a key press: what a session's log records.
  public var appAction: AppAction? {
    if case .app(let action) = self { action } else { nil }
  }
}
