import Testing
import Wordbook
import WordbookInterchange

@Suite struct QuizletParserTests {
  @Test func readsTabSeparatedCards() throws {
    let result = try FlashcardReader.read(
      text: "dog\t개\ncat\t고양이\n", format: .quizlet)
    #expect(result.separator == "\t")
    #expect(
      result.rows.map(\.draft) == [
        WordDraft(term: "dog", meaning: "개"), WordDraft(term: "cat", meaning: "고양이"),
      ])
  }

  @Test func readsCommaAndSemicolonSeparators() throws {
    let options = FlashcardReadOptions(separator: ",", cardSeparator: ";")
    let result = try FlashcardReader.read(
      text: "dog,개;cat,고양이;\nbird,새;", format: .quizlet, options: options)
    #expect(result.rows.map(\.term) == ["dog", "cat", "bird"])
    #expect(result.rows.map(\.line) == [1, 1, 2])
  }

  @Test func readsCustomSeparators() throws {
    let options = FlashcardReadOptions(separator: " - ", cardSeparator: "\n\n")
    let text = "dog - 개\nmore lines\n\ncat - \"고양이\"\n\n"
    let result = try FlashcardReader.read(text: text, format: .quizlet, options: options)
    #expect(result.rows.map(\.meaning) == ["개\nmore lines", "\"고양이\""])
    #expect(result.rows.map(\.line) == [1, 4])
  }

  @Test func detectsPipeSeparator() throws {
    let result = try FlashcardReader.read(text: "the dog|de hond\nthe cat|de kat\n")
    #expect(result.format == .quizlet)
    #expect(result.separator == "|")
    #expect(result.rows.count == 2)
  }

  @Test func reportsMissingAndExtraSeparators() throws {
    let text = "a|b\nno separator here\nx|y|z\n   \nq|\n|r\nstudied|yes|success\n"
    let result = try FlashcardReader.read(text: text, format: .quizlet)
    #expect(result.rows.map(\.term) == ["a", "q", "studied"])
    #expect(result.rows.map(\.studyState) == [.notStudied, .notStudied, .success])
    #expect(
      result.problems == [
        LineProblem(line: 2, reason: .missingSeparator("|"), text: "no separator here"),
        LineProblem(line: 3, reason: .tooManySeparators(found: 2, separator: "|"), text: "x|y|z"),
        LineProblem(line: 6, reason: .emptyTerm, text: "|r"),
      ])
  }

  @Test func doesNotUnquote() throws {
    let result = try FlashcardReader.read(
      text: "\"dog\"\t\"개\"\n", format: .quizlet)
    #expect(result.rows.first?.term == "\"dog\"")
  }
}
