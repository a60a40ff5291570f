/// The languages a book's terms and meanings are said in, as the learner set them
/// (`wordbook settings --book BOOK term-language ko-KR`); a side without one is said in
/// Korean when it has Hangul, else in ``SpokenText/standardLanguage``.
///
/// ```swift
/// let languages = SpeechLanguages(term: "ja-JP", meaning: nil)
/// languages.spoken(SpeechRequest(text: "ねこ", side: .term, number: 1)).language  // "ja-JP"
/// ```
public struct SpeechLanguages: Hashable, Sendable {
  /// The language of the terms, a BCP 47 tag, if the learner set one.
  public var term: String?
  /// The language of the meanings, a BCP 47 tag, if the learner set one.
  public var meaning: String?

  /// Languages for a book's two sides; `nil` for a side the learner set none for.
  public init(term: String? = nil, meaning: String? = nil) {
    self.term = term
    self.meaning = meaning
  }

  /// The text of `request`, and the language to say it in.
  public func spoken(_ request: SpeechRequest) -> SpokenText {
    SpokenText(request.text, setLanguage: language(of: request.side))
  }

  /// The language the learner set for `side`, if any.
  public func language(of side: SpeechRequest.Side) -> String? {
    switch side {
    case .term: term
    case .meaning: meaning
    }
  }

  /// Whether `tag` reads as a language tag: letters, digits and hyphens, starting with two or
  /// three letters, at most 35 characters, as BCP 47's tags are.
  public static func isLanguageTag(_ tag: String) -> Bool {
    let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
    guard tag.utf8.count <= 35, let first = parts.first, (2...3).contains(first.count),
      first.allSatisfy({ $0.isASCII && $0.isLetter })
    else { return false }
    return parts.dropFirst().allSatisfy { part in
      (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
  }
}
