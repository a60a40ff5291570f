import Testing

@testable import WordbookTerminal

@Suite struct StringTerminalEscapingTests {
  @Test func controlCharactersAreShownNotSent() {
    #expect("\u{1B}]0;pwned\u{7}".escapedForTerminal == "^[]0;pwned^G")
    #expect("\u{1B}[2J".escapedForTerminal == "^[[2J")
    #expect("a\nb\tc\r".escapedForTerminal == "a^Jb^Ic^M")
    #expect("\u{7F}\u{9B}".escapedForTerminal == "^?\\u{9B}")
    #expect("abc\u{202E}def".escapedForTerminal == "abc\\u{202E}def")
    #expect("단어 🙂 é".escapedForTerminal == "단어 🙂 é")
    #expect(!"\u{1B}\u{9B}\u{0}".escapedForTerminal.unicodeScalars.contains { $0.value < 0x20 })
  }
}
