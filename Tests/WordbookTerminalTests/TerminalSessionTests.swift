import Testing

@testable import WordbookTerminal

@MainActor
@Suite struct TerminalSessionTests {
  @Test func visibleColumnsSkipStyleSequences() {
    #expect(TerminalSession.visibleColumns(of: "\u{1B}[32m사랑\u{1B}[0m ok") == 7)
    #expect(TerminalSession.visibleColumns(of: "plain") == 5)
    #expect(TerminalSession.visibleColumns(of: "\u{1B}[1m\u{1B}[0m") == 0)
  }
}
