extension AppAction: CustomStringConvertible {
  /// The action as Swift spells it, such as `.study(.view(.markSuccess(2)))`: what a replay's
  /// divergence and a test store's failure name.
  public var description: String {
    switch self {
    case .books(let action): ".books(\(Self.unqualified(action)))"
    case .study(let action): ".study(\(Self.unqualified(action)))"
    case .dismissError: ".dismissError"
    }
  }

  /// `value` as Swift describes it, with the module's type names taken off its cases
  /// (`Wordbook.StudySessionFeature.Action.View.shuffle` becomes `.shuffle`) and off its
  /// values (`Wordbook.Word(id: 1, …)` becomes `Word(id: 1, …)`).
  private static func unqualified(_ value: some Any) -> String {
    "."
      + String(describing: value).replacing(/Wordbook\.((?:[A-Z]\w*\.)*)/) { match in
        match.output.1.isEmpty ? "" : "."
      }
  }
}
