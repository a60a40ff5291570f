import Wordbook

/// Text that breaks naive storage: quotes, NULs, emoji, SQL, empty strings, invalid-looking
/// escapes and long strings.
package enum AwkwardText {
  package static let drafts: [WordDraft] = [
    WordDraft(term: "it's \"quoted\"", meaning: "'; DELETE FROM words; --"),
    WordDraft(term: "nul\u{0}inside", meaning: "\u{0}", imageReference: "a\u{0}b.png"),
    WordDraft(term: "🇰🇷👩‍👩‍👧 emoji", meaning: "family 👨‍👩‍👧‍👦", imageReference: ""),
    WordDraft(term: "% _ \\ ? ?1 :name @x $y", meaning: ""),
    WordDraft(term: "한국어 단어장", meaning: "e\u{301} vs \u{e9}"),
    WordDraft(term: "line\nbreak\ttab\r\n", meaning: String(repeating: "long ", count: 5000)),
    WordDraft(term: "SELECT * FROM sqlite_schema", meaning: "x'00' || char(0)"),
  ]
}
