import Wordbook

/// The language of the terminal front end's messages, which is the domain's `Language`.
@available(*, deprecated, renamed: "Language")
public typealias TerminalLanguage = Language

extension Language {
  /// The language the environment asks for.
  ///
  /// Follows POSIX precedence: the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set and
  /// not empty decides; Korean when it starts with `ko`, English otherwise.
  ///
  /// - Parameter environment: The process environment.
  public init(environment: [String: String]) {
    let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy
      .compactMap { environment[$0] }
      .first { !$0.isEmpty }
    self = locale?.hasPrefix("ko") == true ? .korean : .english
  }

  /// The study screen's messages in this language.
  public var messages: Messages {
    switch self {
    case .english: .english
    case .korean: .korean
    }
  }
}
