import Testing

@testable import WordbookInterchange

/// Text put into HTML or SVG stays text, however its characters are joined.
@Suite struct MarkupEscapingTests {
  /// A markup character that a combining mark follows (U+0301), or that a prepended mark
  /// (U+0600) comes before, is one character to Swift but still a markup character to a
  /// browser: escaping goes by Unicode scalar.
  @Test func markupJoinedToMarksIsEscaped() {
    for markup in ["\"", "<", ">", "&", "'"] {
      for text in [markup + "\u{301}", "\u{600}" + markup, "x" + markup + "\u{301}\u{301}y"] {
        let escaped = String.markupEscaped(text)
        #expect(!escaped.unicodeScalars.contains { "\"<>'".unicodeScalars.contains($0) }, "\(text)")
        #expect(escaped.unicodeScalars.filter { $0 == "&" }.count == 1, "\(text)")
      }
    }
    #expect(String.markupEscaped("a\u{0}b\u{1F}c\td") == "abc\td")
  }
}
