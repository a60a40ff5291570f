import Testing

@testable import WordbookTerminal

@Suite struct KeyParserTests {
  private func keys(_ bytes: [UInt8]) -> [Key] {
    var parser = KeyParser()
    return parser.feed(bytes)
  }

  @Test func decodesArrowsInBothModes() {
    #expect(keys([0x1B, 0x5B, 0x43, 0x1B, 0x5B, 0x44]) == [.right, .left])
    #expect(keys([0x1B, 0x4F, 0x43, 0x1B, 0x4F, 0x44]) == [.right, .left])
    #expect(keys(Array("\u{1B}[A\u{1B}[B".utf8)) == [.up, .down])
  }

  @Test func decodesPagesHomeAndEndAsTerminalsSendThem() {
    #expect(keys(Array("\u{1B}[5~\u{1B}[6~".utf8)) == [.pageUp, .pageDown])
    #expect(keys(Array("\u{1B}[H\u{1B}[F\u{1B}OH\u{1B}OF".utf8)) == [.home, .end, .home, .end])
    #expect(keys(Array("\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~".utf8)) == [.home, .end, .home, .end])
    #expect(keys(Array("\u{1B}[15~".utf8)) == [.unknownSequence(Array("\u{1B}[15~".utf8))])
  }

  @Test func decodesLettersSpaceAndControls() {
    #expect(keys(Array(" hq0?".utf8)) == [" ", "h", "q", "0", "?"].map { .character($0) })
    #expect(
      keys([0x03, 0x04, 0x7F, 0x08, 0x09, 0x01]) == [
        .interrupt, .endOfInput, .backspace, .backspace, .tab, .control(1),
      ])
  }

  @Test func enterIsCarriageReturnLineFeedOrBoth() {
    #expect(keys([0x0D]) == [.enter])
    #expect(keys([0x0A]) == [.enter])
    #expect(keys([0x0D, 0x0A]) == [.enter])
    #expect(keys([0x0D, 0x0D]) == [.enter, .enter])
    #expect(keys([0x0A, 0x0A]) == [.enter, .enter])
  }

  @Test func decodesUTF8TextEvenWhenSplitAcrossReads() {
    #expect(keys(Array("단어🙂".utf8)) == [.character("단"), .character("어"), .character("🙂")])
    var parser = KeyParser()
    let bytes = Array("한".utf8)
    #expect(parser.feed(bytes[0..<1]).isEmpty)
    #expect(parser.hasPendingBytes)
    #expect(parser.feed(bytes[1...]) == [.character("한")])
    #expect(!parser.hasPendingBytes)
  }

  @Test func dropsInvalidUTF8AndKeepsGoing() {
    #expect(keys([0xFF, 0x61, 0xC3, 0x28, 0xE2, 0x82]) == [.character("a"), .character("(")])
  }

  @Test func loneEscapeWaitsForFlush() {
    var parser = KeyParser()
    #expect(parser.feed([0x1B]).isEmpty)
    #expect(parser.flush() == [.escape])
    #expect(parser.feed([0x1B, 0x5B]).isEmpty)
    #expect(parser.flush() == [.unknownSequence([0x1B, 0x5B])])
    #expect(parser.flush().isEmpty)
  }

  @Test func splitEscapeSequenceCompletesOnNextFeed() {
    var parser = KeyParser()
    #expect(parser.feed([0x1B, 0x5B]).isEmpty)
    #expect(parser.feed([0x43, 0x71]) == [.right, .character("q")])
  }

  @Test func theDeleteKeyIsKnown() {
    #expect(keys(Array("\u{1B}[3~x".utf8)) == [.delete, "x"])
  }

  @Test func unknownSequencesAreKeptWhole() {
    #expect(keys(Array("\u{1B}[2~x".utf8)) == [.unknownSequence(Array("\u{1B}[2~".utf8)), "x"])
    #expect(keys(Array("\u{1B}[1;5C".utf8)) == [.unknownSequence(Array("\u{1B}[1;5C".utf8))])
    #expect(keys(Array("\u{1B}x".utf8)) == [.escape, .character("x")])
  }
}

extension Key: ExpressibleByExtendedGraphemeClusterLiteral {
  /// Lets tests write a character key as a literal.
  public init(extendedGraphemeClusterLiteral value: Character) {
    self = .character(value)
  }
}
