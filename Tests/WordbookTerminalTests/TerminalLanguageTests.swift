import Testing

@testable import WordbookTerminal

@Suite struct TerminalLanguageTests {
  @Test func languageFollowsPosixPrecedence() {
    #expect(TerminalLanguage(environment: [:]) == .english)
    #expect(TerminalLanguage(environment: ["LANG": "ko_KR.UTF-8"]) == .korean)
    #expect(TerminalLanguage(environment: ["LANG": "ko_KR.UTF-8", "LC_ALL": "C"]) == .english)
    #expect(TerminalLanguage(environment: ["LANG": "en_US", "LC_MESSAGES": "ko"]) == .korean)
    #expect(TerminalLanguage(environment: ["LANG": "ko", "LC_ALL": ""]) == .korean)
  }
}
