import Testing

@testable import WordbookTerminal

/// One grapheme cluster and the columns it is counted as.
struct ColumnCase: Sendable, CustomTestStringConvertible {
  let character: Character
  let columns: Int
  let kind: String

  init(_ character: Character, _ columns: Int, _ kind: String) {
    self.character = character
    self.columns = columns
    self.kind = kind
  }

  var testDescription: String {
    let scalars = character.unicodeScalars.map {
      "U+" + String($0.value, radix: 16, uppercase: true)
    }
    return "\(kind) (\(scalars.joined(separator: " "))) → \(columns)"
  }
}

@Suite struct CharacterTerminalColumnsTests {
  /// What terminals draw, cluster by cluster. Where they disagree, the wider drawing wins
  /// (see `Character.terminalColumns`): the figures for skin-tone sequences are what tmux 3.3a
  /// draws, the ones for variation selectors what grapheme-shaping terminals draw.
  static let cases: [ColumnCase] = [
    ColumnCase("a", 1, "ASCII letter"),
    ColumnCase("\u{7}", 0, "control character"),
    ColumnCase("\u{200B}", 0, "zero-width space"),
    ColumnCase("\u{AD}", 1, "soft hyphen"),
    ColumnCase("e\u{301}", 1, "letter and combining acute"),
    ColumnCase("a\u{301}\u{323}\u{308}", 1, "letter and three combining marks"),
    ColumnCase("\u{451}", 1, "precomposed Cyrillic"),
    ColumnCase("\u{915}\u{93F}", 2, "Devanagari consonant and spacing vowel sign"),
    ColumnCase("\u{E21}\u{E49}", 1, "Thai consonant and tone mark"),
    ColumnCase("한", 2, "Hangul syllable"),
    ColumnCase("\u{1112}\u{1161}\u{11AB}", 2, "Hangul from conjoining jamo (L V T)"),
    ColumnCase("\u{1112}\u{1161}", 2, "Hangul from conjoining jamo (L V)"),
    ColumnCase("日", 2, "CJK ideograph"),
    ColumnCase("\u{20B9F}", 2, "CJK extension B ideograph"),
    ColumnCase("ひ", 2, "Hiragana"),
    ColumnCase("ｶ", 1, "halfwidth Katakana"),
    ColumnCase("Ａ", 2, "fullwidth Latin"),
    ColumnCase("\u{3000}", 2, "ideographic space"),
    ColumnCase("🙂", 2, "emoji"),
    ColumnCase("👍", 2, "emoji modifier base"),
    ColumnCase("🏽", 2, "lone skin-tone modifier"),
    ColumnCase("👍🏽", 4, "emoji modifier sequence"),
    ColumnCase("✌🏽", 3, "modifier sequence on a text-default base"),
    ColumnCase("a🏽", 3, "letter and skin-tone modifier"),
    ColumnCase("👨‍👩‍👧", 2, "ZWJ sequence"),
    ColumnCase("🧑‍🤝‍🧑", 2, "ZWJ sequence of three emoji"),
    ColumnCase("👩🏽‍💻", 4, "ZWJ sequence with a modifier"),
    ColumnCase("👨🏽‍👩🏽‍👧🏽", 8, "ZWJ sequence with three modifiers"),
    ColumnCase("🏳️‍🌈", 2, "ZWJ sequence on a text-default base with U+FE0F"),
    ColumnCase("❤️‍🔥", 2, "ZWJ sequence after U+FE0F"),
    ColumnCase("🇰🇷", 2, "flag"),
    ColumnCase("\u{1F1F0}", 2, "lone regional indicator"),
    ColumnCase("🏴󠁧󠁢󠁳󠁣󠁴󠁿", 2, "tag sequence flag"),
    ColumnCase("❤", 1, "text-default emoji"),
    ColumnCase("❤️", 2, "text-default emoji with U+FE0F"),
    ColumnCase("❤︎", 1, "text-default emoji with U+FE0E"),
    ColumnCase("©️", 2, "copyright sign with U+FE0F"),
    ColumnCase("🌡️", 2, "text-default astral emoji with U+FE0F"),
    ColumnCase("⌚", 2, "emoji-default emoji"),
    ColumnCase("⌚︎", 2, "emoji-default emoji with U+FE0E"),
    ColumnCase("1️⃣", 2, "keycap"),
    ColumnCase("#️⃣", 2, "keycap on #"),
    ColumnCase("1\u{20E3}", 1, "keycap without U+FE0F"),
  ]

  @Test(arguments: cases)
  func characterTakesTheColumnsTerminalsDraw(_ example: ColumnCase) {
    #expect(String(example.character).count == 1)
    #expect(example.character.terminalColumns == example.columns)
  }

  @Test func asciiTakesOneColumnEach() {
    #expect("hello".terminalColumns == 5)
    #expect("".terminalColumns == 0)
  }

  @Test func textAddsUpItsCharacters() {
    #expect("단어장".terminalColumns == 6)
    #expect("ｶﾀｶﾅ".terminalColumns == 4)
    #expect("a\u{200B}b".terminalColumns == 2)
    #expect("👍🏽 좋아요 🇰🇷!".terminalColumns == 15)  // 4, 1, 6, 1, 2 and 1
    #expect("🇦🇧🇨".terminalColumns == 4)  // a flag, then a lone regional indicator
  }

  @Test func truncationCountsColumnsAndNeverSplitsAWideCharacter() {
    #expect("hello".truncated(toColumns: 5) == "hello")
    #expect("hello world".truncated(toColumns: 6) == "hello…")
    #expect("안녕하세요".truncated(toColumns: 6) == "안녕…")
    #expect("안녕하세요".truncated(toColumns: 5) == "안녕…")
    #expect("안녕".truncated(toColumns: 0) == "")
    #expect("안녕하세요".truncated(toColumns: 1) == "…")
    #expect("👍🏽👍🏽".truncated(toColumns: 7) == "👍🏽…")
  }

  @Test func fittingPadsToExactColumns() {
    #expect("안".fitted(toColumns: 4) == "안  ")
    #expect("안녕하세요".fitted(toColumns: 5).terminalColumns == 5)
    #expect("안녕하세요".fitted(toColumns: 6) == "안녕… ")
    #expect("👍🏽".fitted(toColumns: 5) == "👍🏽 ")
  }
}
