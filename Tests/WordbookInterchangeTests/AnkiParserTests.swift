import Testing
import Wordbook
import WordbookInterchange

@Suite struct AnkiParserTests {
  private static let export = """
    #separator:tab
    #html:true
    #notetype column:1
    #deck column:2
    #tags column:5
    Basic\tKorean\t사과\tapple<br>fruit\tfood wordbook::success
    Basic\tKorean\t"multi
    line"\t"<ol><li>one</li><li>two &amp; &quot;three&quot;</li></ol>"
    Basic\tKorean\tshort
    Basic\tKorean\t&lt;tag&gt;&nbsp;x&#39;&#x41;&#66;\t<div>a</div><div>b</div>

    """

  @Test func readsHeaderColumnsTagsAndShortRows() throws {
    let result = try FlashcardReader.read(text: Self.export)
    #expect(result.format == .anki)
    #expect(result.problems.isEmpty)
    #expect(result.rows.map(\.term) == ["사과", "multi line", "short", "<tag> x'AB"])
    #expect(
      result.rows.map(\.meaning) == ["apple\nfruit", "1. one\n2. two & \"three\"", "", "a\nb"])
    #expect(result.rows.map(\.studyState) == [.success, .notStudied, .notStudied, .notStudied])
    #expect(result.rows.first?.tags == ["food"])
    #expect(result.rows.map(\.line) == [6, 7, 9, 10])
  }

  @Test func keepsHTMLWhenAsked() throws {
    let result = try FlashcardReader.read(
      text: Self.export, options: FlashcardReadOptions(html: .keep))
    #expect(result.rows.first?.meaning == "apple<br>fruit")
  }

  @Test func htmlFalseKeepsTextAsWritten() throws {
    let result = try FlashcardReader.read(text: "#html:false\na<b>\t&amp;\n")
    #expect(result.rows.map(\.draft) == [WordDraft(term: "a<b>", meaning: "&amp;")])
  }

  @Test(arguments: [
    ("comma", ","), ("Semicolon", ";"), ("pipe", "|"), ("space", " "), ("tab", "\t"), ("~", "~"),
  ])
  func readsNamedAndLiteralSeparators(name: String, separator: String) throws {
    let text = "#separator:\(name)\nfront\(separator)back\n"
    let result = try FlashcardReader.read(text: text, format: .anki)
    #expect(result.separator == separator)
    #expect(result.rows.map(\.draft) == [WordDraft(term: "front", meaning: "back")])
  }

  @Test func guidColumnIsSkipped() throws {
    let text = "#separator:comma\n#guid column:1\n#tags column:4\nq1w2,dog,개,wordbook::fail x\n"
    let result = try FlashcardReader.read(text: text)
    #expect(result.rows.map(\.draft) == [WordDraft(term: "dog", meaning: "개", studyState: .fail)])
    #expect(result.rows.first?.tags == ["x"])
  }

  @Test func ignoresColumnHeadersThatAreNotColumnNumbers() throws {
    let text = "#tags column:0\n#deck column:-2\n#guid column:x\ndog\t개\n"
    let result = try FlashcardReader.read(text: text)
    #expect(result.rows.map(\.draft) == [WordDraft(term: "dog", meaning: "개")])
  }

  @Test func headerlessExportsAreTabSeparated() throws {
    let result = try FlashcardReader.read(text: "dog\t<b>개</b>\ncat\t고양이\n", format: .anki)
    #expect(result.rows.map(\.meaning) == ["개", "고양이"])
  }

  @Test func commentLinesAndRowsWithoutSeparatorAreHandled() throws {
    let text = "#separator:tab\n#html:false\n#a comment\nlonely\n\tno term\nok\tfine\textra\n"
    let result = try FlashcardReader.read(text: text)
    #expect(result.rows.map(\.term) == ["ok"])
    #expect(
      result.problems == [
        LineProblem(line: 4, reason: .missingSeparator("\t"), text: "lonely"),
        LineProblem(line: 5, reason: .emptyTerm, text: "\tno term"),
      ])
  }
}
