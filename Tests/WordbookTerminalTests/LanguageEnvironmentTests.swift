import Testing
import Wordbook

@testable import WordbookTerminal

@Suite struct LanguageEnvironmentTests {
  @Test func languageFollowsPosixPrecedence() {
    #expect(Language(environment: [:]) == .english)
    #expect(Language(environment: ["LANG": "ko_KR.UTF-8"]) == .korean)
    #expect(Language(environment: ["LANG": "ko_KR.UTF-8", "LC_ALL": "C"]) == .english)
    #expect(Language(environment: ["LANG": "en_US", "LC_MESSAGES": "ko"]) == .korean)
    #expect(Language(environment: ["LANG": "ko", "LC_ALL": ""]) == .korean)
  }
}
