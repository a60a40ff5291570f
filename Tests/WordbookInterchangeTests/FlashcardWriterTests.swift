import Testing
import Wordbook
import WordbookInterchange

@Suite struct FlashcardWriterTests {
  private static let rows = [
    FlashcardRow(term: "사과", meaning: "apple", studyState: .success),
    FlashcardRow(
      term: "say \"hi\", then", meaning: "two\nlines", studyState: .fail, tags: ["greeting"]),
    FlashcardRow(term: "#tag", meaning: " padded ", imageReference: "tag.png"),
  ]

  @Test func writesCSVWithHeaderStateColumnAndQuotes() throws {
    let text = try FlashcardWriter.write(Self.rows, format: .csv)
    #expect(
      text == """
        term,meaning,state,image
        사과,apple,known,
        "say ""hi"", then","two
        lines",not-known,
        #tag," padded ",not-studied,tag.png

        """)
  }

  @Test func writesTSVWithoutHeaderWhenAsked() throws {
    let text = try FlashcardWriter.write(
      [FlashcardRow(term: "a,b", meaning: "c\td")], format: .tsv,
      options: FlashcardWriteOptions(includesHeader: false))
    #expect(text == "a,b\t\"c\td\"\tnot-studied\t\n")
  }

  @Test func writesAnkiHeaderAndStateTags() throws {
    let text = try FlashcardWriter.write(Self.rows, format: .anki)
    #expect(
      text == """
        #separator:tab
        #html:false
        #tags column:3
        사과\tapple\twordbook::known
        "say ""hi"", then"\t"two
        lines"\tgreeting wordbook::not-known
        "#tag"\t" padded "\t

        """)
  }

  @Test func writesQuizletWithStateField() throws {
    let text = try FlashcardWriter.write(Self.rows.prefix(1) + [Self.rows[2]], format: .quizlet)
    #expect(text == "사과\tapple\tknown\n#tag\tpadded\n")
    let plain = try FlashcardWriter.write(
      Self.rows.prefix(1), format: .quizlet,
      options: FlashcardWriteOptions(
        separator: "|", cardSeparator: ";", includesQuizletStudyState: false))
    #expect(plain == "사과|apple;")
  }

  @Test func quizletRefusesSeparatorsInsideFields() {
    #expect(throws: FlashcardWriteError.separatorInField(row: 2, separator: "\n")) {
      try FlashcardWriter.write(Self.rows, format: .quizlet)
    }
    #expect(throws: FlashcardWriteError.separatorInField(row: 1, separator: ",")) {
      try FlashcardWriter.write(
        [FlashcardRow(term: "a, b", meaning: "c")], format: .quizlet,
        options: FlashcardWriteOptions(separator: ","))
    }
  }

  @Test func quotingFormatsRefuseUnusableSeparators() {
    for separator in ["::", "\"", "\n", "한"] {
      #expect(throws: FlashcardWriteError.unsupportedSeparator(separator)) {
        try FlashcardWriter.write(
          Self.rows, format: .csv, options: FlashcardWriteOptions(separator: separator))
      }
    }
  }

  @Test func rowsComeFromWordsAndBecomeDrafts() {
    let word = Word(
      id: Word.ID(7), term: "dog", meaning: "개", imageReference: "dog.png", studyState: .fail)
    let row = FlashcardRow(word)
    #expect(
      row.draft
        == WordDraft(term: "dog", meaning: "개", imageReference: "dog.png", studyState: .fail))
    #expect(row.line == 0 && row.tags.isEmpty)
  }
}
