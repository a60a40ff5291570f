import Testing

@testable import WordbookTerminal

@Suite struct StyledLineTests {
  @Test func rendersStylesOnlyWhenColourIsOn() {
    var line = StyledLine("› ", style: .emphasis)
    line.append("사랑", style: .success)
    line.append(" plain")
    #expect(line.rendered(width: 40, color: false) == "› 사랑 plain")
    #expect(
      line.rendered(width: 40, color: true)
        == "\u{1B}[1m› \u{1B}[0m\u{1B}[32m사랑\u{1B}[0m plain")
    #expect(line.columns == 12)
    #expect(line.plainText == "› 사랑 plain")
  }

  @Test func cutsAtTheWidthAcrossRuns() {
    var line = StyledLine("abc", style: .fail)
    line.append("단어장")
    #expect(line.rendered(width: 6, color: false) == "abc단…")
    #expect(line.rendered(width: 3, color: false) == "abc")
    #expect(line.rendered(width: 0, color: true) == "")
    #expect(StyledLine("", style: .error).runs.isEmpty)
  }
}
