/// A language Wordbook speaks: every front end's texts and the domain's errors are worded in
/// each, in its catalogue (``EnglishCatalogue``, ``KoreanCatalogue``).
///
/// The raw value is the language's BCP 47 code, as a page's `lang` attribute names it.
public enum Language: String, CaseIterable, Hashable, Sendable, Codable {
  /// English, the default.
  case english = "en"
  /// Korean (한국어).
  case korean = "ko"
}
