import Testing

@testable import WordbookAnki

@Suite struct AnkiNoteReaderTests {
  private func note(_ fields: String, term: Int = 1, meaning: Int = 2) throws -> AnkiNote {
    try AnkiNoteReader.note(fields: fields, number: 1, termField: term, meaningField: meaning)
      .get()
  }

  @Test func splitsOnTheUnitSeparator() throws {
    #expect(try note("a\u{1F}b\u{1F}c") == AnkiNote(term: "a", meaning: "b"))
    #expect(try note("a\u{1F}b\u{1F}c", term: 3, meaning: 1) == AnkiNote(term: "c", meaning: "a"))
    #expect(try note("only") == AnkiNote(term: "only", meaning: ""))
  }

  @Test func listsPicturesAndSoundsFromEveryField() throws {
    let read = try note(
      #"cat [sound:meow.mp3]<IMG class=x SRC='a&amp;b.png'>"#
        + "\u{1F}<img alt=\"src\" src=c.gif/> kitten<img data-src=\"no.png\">")
    #expect(read.term == "cat")
    #expect(read.meaning == "kitten")
    #expect(read.images == ["a&b.png", "c.gif"])
    #expect(read.sounds == ["meow.mp3"])
  }

  @Test func dropsScriptsEvenUnclosed() throws {
    #expect(try note("<SCRIPT>x()</script >word\u{1F}m<style>b{}").meaning == "m")
    #expect(try note("<SCRIPT>x()</script >word\u{1F}m").term == "word")
  }

  @Test func rejectsEmptyTermsAndMissingFields() {
    let empty = AnkiNoteReader.note(fields: "<img src=a.png>\u{1F}back", number: 4)
    #expect(throws: AnkiNoteProblem(note: 4, reason: .emptyTerm)) { try empty.get() }
    let short = AnkiNoteReader.note(fields: "a", number: 2, termField: 3)
    #expect(throws: AnkiNoteProblem(note: 2, reason: .tooFewFields(found: 1, expected: 3))) {
      try short.get()
    }
  }

  @Test func rejectsAFieldOverOneMebibyte() throws {
    // The same limit as a record of a text import; a field of exactly 1 MiB is kept.
    let long = String(repeating: "x", count: 1 << 20)
    let kept = AnkiNoteReader.note(fields: "word\u{1F}" + long, number: 6)
    #expect(try kept.get().meaning.utf8.count == 1 << 20)
    let refused = AnkiNoteReader.note(fields: "word\u{1F}" + long + "y\u{1F}c", number: 7)
    let problem = AnkiNoteProblem(note: 7, reason: .tooLong(limit: 1 << 20))
    #expect(throws: problem) { try refused.get() }
    #expect(
      problem.message(in: .english, file: "deck.apkg")
        == "deck.apkg, note 7: longer than 1 MiB; it was skipped (split it, or check the file "
        + "is text)")
  }
}
