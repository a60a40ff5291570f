import Testing

@testable import WordbookTerminal

@Suite struct CharacterTerminalColumnsTests {
  @Test func asciiTakesOneColumnEach() {
    #expect("hello".terminalColumns == 5)
    #expect("".terminalColumns == 0)
  }

  @Test func wideCharactersTakeTwoColumns() {
    #expect("단어장".terminalColumns == 6)
    #expect("日本語".terminalColumns == 6)
    #expect("ｶﾀｶﾅ".terminalColumns == 4)  // halfwidth katakana
    #expect("ＡＢ".terminalColumns == 4)  // fullwidth Latin
    #expect("ひらがな".terminalColumns == 8)
  }

  @Test func combiningMarksTakeNoColumn() {
    #expect("e\u{301}".terminalColumns == 1)
    #expect("\u{1112}\u{1161}\u{11AB}".terminalColumns == 2)  // 한 from conjoining jamo
    #expect("a\u{200B}b".terminalColumns == 2)  // zero-width space
  }

  @Test func emojiTakeTwoColumns() {
    #expect("🙂".terminalColumns == 2)
    #expect("👩‍👩‍👧".terminalColumns == 2)
    #expect("🇰🇷".terminalColumns == 2)
    #expect("❤️".terminalColumns == 2)
    #expect("❤".terminalColumns == 1)
  }

  @Test func truncationCountsColumnsAndNeverSplitsAWideCharacter() {
    #expect("hello".truncated(toColumns: 5) == "hello")
    #expect("hello world".truncated(toColumns: 6) == "hello…")
    #expect("안녕하세요".truncated(toColumns: 6) == "안녕…")
    #expect("안녕하세요".truncated(toColumns: 5) == "안녕…")
    #expect("안녕".truncated(toColumns: 0) == "")
    #expect("안녕하세요".truncated(toColumns: 1) == "…")
  }

  @Test func fittingPadsToExactColumns() {
    #expect("안".fitted(toColumns: 4) == "안  ")
    #expect("안녕하세요".fitted(toColumns: 5).terminalColumns == 5)
    #expect("안녕하세요".fitted(toColumns: 6) == "안녕… ")
  }
}
