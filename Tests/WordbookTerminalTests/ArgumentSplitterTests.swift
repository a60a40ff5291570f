import Testing

@testable import WordbookTerminal

@Suite struct ArgumentSplitterTests {
  let splitter = ArgumentSplitter(options: ["book", "format"], flags: ["yes"])

  @Test func takesOptionsInBothFormsAndFlags() throws {
    let split = try splitter.split(["f.csv", "--book", "B", "--format=csv", "--yes", "x"])
    #expect(split.values == ["f.csv", "x"])
    #expect(split.options == ["book": "B", "format": "csv"])
    #expect(split.flags == ["yes"])
    #expect(split.firstLiteral == nil)
  }

  @Test func everythingAfterDoubleDashIsAValue() throws {
    let split = try splitter.split(["a", "--", "--book", "--", "-x"])
    #expect(split.values == ["a", "--book", "--", "-x"])
    #expect(split.firstLiteral == 1)
  }

  @Test func keepsUnknownOptionsInPlaceForTheCaller() throws {
    let split = try splitter.split(["--frob", "a", "--yes=1", "-x"])
    #expect(split.values == ["--frob", "a", "--yes=1", "-x"])
    #expect(split.flags.isEmpty)
  }

  @Test func anOptionTakesTheNextArgumentEvenWithDashes() throws {
    #expect(try splitter.split(["--book", "--yes"]).options == ["book": "--yes"])
    #expect(try splitter.split(["--book="]).options == ["book": ""])
  }

  @Test(arguments: [
    (["--book"], UsageError.Problem.optionNeedsValue(option: "book")),
    (["--format", "a", "--format=b"], .optionGivenTwice(option: "format")),
  ])
  func refusesAMissingOrRepeatedValue(arguments: [String], problem: UsageError.Problem) {
    #expect(throws: UsageError(problem)) { try splitter.split(arguments) }
  }
}
