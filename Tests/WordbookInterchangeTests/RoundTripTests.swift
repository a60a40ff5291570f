import Testing
import Wordbook
import WordbookInterchange

/// Writes thousands of random cards in every format and reads them back.
@Suite struct RoundTripTests {
  /// Pieces of text chosen to break naive writers: every separator, quotes, line breaks, blanks,
  /// Anki's comment and HTML characters, emoji and Hangul.
  private static let pieces = [
    "a", "Z", "word", " ", "  ", "\t", "\n", "\r\n", "\r", ",", ";", "|", "\"", "\"\"", "#", "<b>",
    "&amp;", "é", "ß", "😂", "👩‍👩‍👧", "한글", "단어장", "success", "fail", "term", "meaning",
  ]
  private static let quizletBreakers: Set<String> = ["\t", "\n", "\r\n", "\r"]

  private static func text(using generator: inout SplitMix64, pieces: [String]) -> String {
    let count = Int(generator.next(below: 6))
    return (0..<count).map { _ in pieces[Int(generator.next(below: UInt64(pieces.count)))] }
      .joined()
  }

  private static func rows(
    using generator: inout SplitMix64,
    pieces: [String] = pieces
  ) -> [FlashcardRow] {
    (0..<Int(generator.next(below: 8))).map { _ in
      var term = ""
      while term.unicodeScalars.allSatisfy({ [" ", "\t", "\r", "\n"].contains($0) }) {
        term = text(using: &generator, pieces: pieces)
      }
      let state = StudyState.allCases[Int(generator.next(below: 3))]
      return FlashcardRow(
        term: term, meaning: text(using: &generator, pieces: pieces), studyState: state)
    }
  }

  private static func comparable(_ rows: [FlashcardRow]) -> [WordDraft] {
    rows.map(\.draft)
  }

  @Test(arguments: [FlashcardFormat.csv, .tsv, .anki])
  func quotingFormatsRoundTripAnyText(format: FlashcardFormat) throws {
    var generator = SplitMix64(seed: 0x5EED_0000 + UInt64(format.rawValue.count))
    for _ in 0..<1_000 {
      let rows = Self.rows(using: &generator)
      let text = try FlashcardWriter.write(rows, format: format)
      let result = try FlashcardReader.read(
        text: text, options: FlashcardReadOptions(html: .stripToText))
      #expect(result.format == format, "\(text.debugDescription)")
      #expect(result.problems.isEmpty, "\(text.debugDescription)")
      #expect(Self.comparable(result.rows) == Self.comparable(rows), "\(text.debugDescription)")
      if Self.comparable(result.rows) != Self.comparable(rows) { return }
    }
  }

  @Test func ankiRoundTripsTags() throws {
    let rows = [
      FlashcardRow(term: "a", meaning: "b", studyState: .success, tags: ["x", "y::z"]),
      FlashcardRow(term: "c", meaning: "", studyState: .notStudied, tags: []),
    ]
    let result = try FlashcardReader.read(text: FlashcardWriter.write(rows, format: .anki))
    #expect(result.rows.map(\.tags) == [["x", "y::z"], []])
    #expect(result.rows.map(\.studyState) == [.success, .notStudied])
  }

  @Test(arguments: [("\t", "\n"), ("|", "\n"), (",", ";"), (" :: ", "\n\n")])
  func quizletRoundTripsTextWithoutItsSeparators(separator: String, cardSeparator: String) throws {
    var generator = SplitMix64(seed: 0x0051_22E7 + UInt64(separator.utf8.count))
    let pieces = Self.pieces.filter { !Self.quizletBreakers.contains($0) } + ["\n"]
    var written = 0
    for _ in 0..<1_000 {
      let rows = Self.rows(using: &generator, pieces: pieces)
      let writeOptions = FlashcardWriteOptions(separator: separator, cardSeparator: cardSeparator)
      let text: String
      do {
        text = try FlashcardWriter.write(rows, format: .quizlet, options: writeOptions)
      } catch {
        #expect(
          rows.contains { row in
            [row.term, row.meaning].contains {
              $0.contains(separator) || $0.contains(cardSeparator)
            }
          })
        continue
      }
      written += 1
      let readOptions = FlashcardReadOptions(separator: separator, cardSeparator: cardSeparator)
      let result = try FlashcardReader.read(text: text, format: .quizlet, options: readOptions)
      let expected = rows.map { row in
        WordDraft(
          term: Self.trimmed(row.term), meaning: Self.trimmed(row.meaning),
          studyState: row.studyState)
      }
      #expect(result.problems.isEmpty, "\(text.debugDescription)")
      #expect(result.rows.map(\.draft) == expected, "\(text.debugDescription)")
      if result.rows.map(\.draft) != expected { return }
    }
    #expect(written > 100)
  }

  @Test func tabSeparatedQuizletExportsReadBackWithoutAFormat() throws {
    var generator = SplitMix64(seed: 0x7AB)
    let pieces = Self.pieces.filter { !Self.quizletBreakers.contains($0) && !$0.hasPrefix("\"") }
    for _ in 0..<500 {
      let rows = Self.rows(using: &generator, pieces: pieces)
      let text = try FlashcardWriter.write(rows, format: .quizlet)
      let result = try FlashcardReader.read(text: text)
      let expected = rows.map { row in
        WordDraft(
          term: Self.trimmed(row.term), meaning: Self.trimmed(row.meaning),
          studyState: row.studyState)
      }
      #expect(result.problems.isEmpty, "\(text.debugDescription)")
      #expect(result.rows.map(\.draft) == expected, "\(text.debugDescription)")
      if result.rows.map(\.draft) != expected { return }
    }
  }

  private static func trimmed(_ text: String) -> String {
    let scalars = text.unicodeScalars
    let isBlank: (Unicode.Scalar) -> Bool = { [" ", "\t", "\r", "\n"].contains($0) }
    guard let first = scalars.firstIndex(where: { !isBlank($0) }),
      let last = scalars.lastIndex(where: { !isBlank($0) })
    else { return "" }
    return String(scalars[first...last])
  }
}
