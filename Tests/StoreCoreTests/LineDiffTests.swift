import StoreCore
import Testing

@Suite struct LineDiffTests {
  @Test func changedLinesAreMarkedAndUnchangedRunsCollapsed() {
    let expected = (1...20).map { "line \($0)" }
    var actual = expected
    actual[9] = "line ten"
    actual.insert("new line", at: 15)
    let diff = LineDiff(
      expected: expected.joined(separator: "\n"), actual: actual.joined(separator: "\n"))
    #expect(diff.hasChanges)
    #expect(
      diff.rendered == """
          … (7 unchanged lines)
          line 8
          line 9
        - line 10
        + line ten
          line 11
          line 12
          line 13
          line 14
          line 15
        + new line
          line 16
          line 17
          … (3 unchanged lines)
        """)
  }

  @Test func equalTextsHaveNoChanges() {
    #expect(!LineDiff(expected: "a\nb", actual: "a\nb").hasChanges)
  }

  @Test func aChangeInAHugeTextShowsOnlyItsNeighbourhood() {
    let expected = (0..<100_000).map { "element \($0)" }
    var actual = expected
    actual[50_000] = "changed"
    let diff = LineDiff(
      expected: expected.joined(separator: "\n"), actual: actual.joined(separator: "\n"))
    #expect(diff.rendered.split(separator: "\n").count == 8)
  }

  @Test func textsTooDifferentToCompareLineByLineAreShownWhole() {
    let expected = (0..<3_000).map { "old \($0)" }.joined(separator: "\n")
    let actual = (0..<3_000).map { "new \($0)" }.joined(separator: "\n")
    let lines = LineDiff(expected: expected, actual: actual).rendered.split(separator: "\n")
    #expect(lines.count == 6_000)
    #expect(lines.first == "- old 0")
    #expect(lines.last == "+ new 2999")
  }
}
