import Wordbook

/// A setting of one wordbook that `wordbook settings --book BOOK` shows and sets: the languages
/// its sides are said in.
public enum BookSetting: String, CaseIterable, Hashable, Sendable {
  /// The language the terms are said in, such as `ko-KR`; `auto` for the standard choice.
  case termLanguage = "term-language"
  /// The language the meanings are said in, such as `en-GB`; `auto` for the standard choice.
  case meaningLanguage = "meaning-language"

  /// The value that sets none: the language follows the text (Korean for Hangul, else
  /// American English).
  static let automatic = "auto"

  /// The side of the cards the setting is about.
  var side: SpeechRequest.Side {
    switch self {
    case .termLanguage: .term
    case .meaningLanguage: .meaning
    }
  }
}
