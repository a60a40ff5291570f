/// An action that carries the app's actions: ``AppAction`` itself, or the action of an app
/// whose state composes ``AppState``, with a case `app(AppAction)`.
///
/// It spells a feature's view actions without their nesting: `.study(.markSuccess(id))` is
/// `.study(.view(.markSuccess(id)))` for a store of ``AppAction``, and
/// `.app(.study(.view(.markSuccess(id))))` for a store of an app's own action. The value is the
/// nested action, so a test store's steps stay exact.
///
/// ```swift
/// enum LessonAction: Equatable, EmbedsAppAction {
///   case app(AppAction)
///   case setGoal(Int)
/// }
///
/// store.send(.study(.markFail(words[1].id)))
/// ```
public protocol EmbedsAppAction: Sendable {
  /// The action that carries `action`; an enum's case `app(AppAction)` is this function.
  ///
  /// - Parameter action: The app's action.
  /// - Returns: The action that carries it.
  static func app(_ action: AppAction) -> Self
}

extension EmbedsAppAction {
  /// What a front end asks of the study session: `.study(.view(view))` in ``AppAction``.
  ///
  /// - Parameter view: The study session's view action.
  /// - Returns: The action that carries it.
  public static func study(_ view: StudySessionFeature.Action.View) -> Self {
    .app(.study(.view(view)))
  }

  /// What a front end asks of the wordbook list: `.books(.view(view))` in ``AppAction``.
  ///
  /// - Parameter view: The wordbook list's view action.
  /// - Returns: The action that carries it.
  public static func books(_ view: WordbookListFeature.Action.View) -> Self {
    .app(.books(.view(view)))
  }
}

extension AppAction: EmbedsAppAction {
  /// `action` itself: an ``AppAction`` carries itself.
  ///
  /// - Parameter action: The app's action.
  /// - Returns: `action`.
  public static func app(_ action: AppAction) -> AppAction {
    action
  }
}
