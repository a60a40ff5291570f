/// A text to say aloud, and the language to say it in: what a study screen's speaker reads.
///
/// The language is a BCP 47 tag, as the web's speech synthesis takes it: `ko-KR` for any text
/// with Hangul in it, else the language the learner set for that side of the book's cards,
/// else `en-US`.
///
/// ```swift
/// SpokenText("쓰다듬다").language  // "ko-KR"
/// SpokenText("to stroke", setLanguage: "en-GB").language  // "en-GB"
/// ```
public struct SpokenText: Hashable, Sendable {
  /// The text to say.
  public var text: String
  /// The language to say it in, a BCP 47 tag such as `ko-KR`.
  public var language: String

  /// The language of text nothing else names: `en-US`.
  public static let standardLanguage = "en-US"

  /// The text `text`, said in Korean when it has Hangul, else in `setLanguage`.
  ///
  /// - Parameters:
  ///   - text: The text to say.
  ///   - setLanguage: The language the learner set for this side of the cards, if any.
  public init(_ text: String, setLanguage: String? = nil) {
    self.text = text
    if text.unicodeScalars.contains(where: Self.isHangul) {
      language = "ko-KR"
    } else {
      language = setLanguage ?? Self.standardLanguage
    }
  }

  /// Whether `scalar` is a Hangul syllable or jamo.
  private static func isHangul(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0xAC00...0xD7A3, 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xD7B0...0xD7FF:
      true
    default: false
    }
  }
}
