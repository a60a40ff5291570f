import Foundation
import Testing
import Wordbook
import WordbookInterchange

#if canImport(Glibc)
  import Glibc
#endif

/// The examples of WordbookInterchange's documentation (its DocC landing page and comments), as
/// written there, through the public API only.
@Suite struct DocumentationSnippetTests {
  /// `WordbookInterchange.md`: reading a file, then writing words out.
  @Test func readingAndWriting() throws {
    let bytes = Array("#separator:Pipe\n사과|apple\n배\n".utf8)
    let words = [Word(id: Word.ID(1), term: "사과", meaning: "apple", studyState: .success)]
    var printed: [String] = []
    func print(_ line: String) { printed.append(line) }

    let result = try FlashcardReader.read(bytes)  // the format is detected
    for problem in result.problems {
      print(problem.message(in: .english, file: "cards.txt"))
      // "cards.txt, line 130 (“배”): no separator "|" between term and meaning"
    }
    let drafts = result.rows.map(\.draft)  // ready for WordService.importWords

    let text = try FlashcardWriter.write(words.map(FlashcardRow.init), format: .anki)
    #expect(result.format == .anki)
    #expect(printed.count == 1)
    #expect(
      printed == [#"cards.txt, line 3 (“배”): no separator "|" between term and meaning"#])
    #expect(drafts == [WordDraft(term: "사과", meaning: "apple")])
    let readBack = try FlashcardReader.read(Array(text.utf8)).rows
    #expect(readBack.map(\.term) == drafts.map(\.term))
    #expect(readBack.map(\.studyState) == [.success])
  }

  /// `LineProblem` and the readers' errors, worded in a language.
  @Test func wordingProblems() {
    let problem = LineProblem(line: 3, reason: .missingSeparator(","), text: "apple")
    #expect(LineProblem.Reason.emptyTerm.clause(in: .english) == "the term is empty")
    #expect(
      problem.message(in: .english, file: "cards.csv")
        == #"cards.csv, line 3 (“apple”): no separator "," between term and meaning"#)
    #expect(
      FlashcardReadError.invalidColumn(0).message(in: .english)
        == "column 0 does not exist: columns are numbered from 1")
  }

  /// `FlashcardColumn`.
  @Test func choosingColumns() {
    #expect(FlashcardColumn(parsing: "3") == .number(3))  // .number(3)
    #expect(FlashcardColumn(parsing: "def") == .named("def"))  // .named("def")
    let options = FlashcardReadOptions(termColumn: 2, meaningColumn: "def")
    #expect(options.termColumn == .number(2))
    #expect(options.meaningColumn == .named("def"))
  }

  /// `FlashcardReadOptions.separator(named:)`.
  @Test func namingASeparator() {
    #expect(FlashcardReadOptions.separator(named: "Pipe") == "|")  // "|"
    #expect(FlashcardReadOptions.separator(named: "::") == "::")  // "::"
  }

  /// `FlashcardReadOptions.name(ofSeparator:)`.
  @Test func theNameOfASeparator() {
    #expect(FlashcardReadOptions.name(ofSeparator: "\t") == "tab")  // "tab"
    #expect(FlashcardReadOptions.name(ofSeparator: "::") == "::")  // "::"
  }

  /// `FlashcardReader`.
  @Test func readingBytes() throws {
    let result = try FlashcardReader.read(Array("term,meaning\n사과,apple\n".utf8))
    #expect(result.format == .csv)  // .csv
    #expect(result.rows[0].draft == WordDraft(term: "사과", meaning: "apple"))
  }

  /// `FlashcardReader.read(fileDescriptor:format:options:onRows:)`.
  @Test func readingAFileInChunks() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("DocumentationSnippetTests-\(UUID().uuidString).csv").path
    try Data("term,meaning\n사과,apple\n,no term\n".utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let descriptor = open(path, O_RDONLY)
    defer { close(descriptor) }

    var drafts: [WordDraft] = []
    let result = try FlashcardReader.read(fileDescriptor: descriptor) { rows in
      drafts += rows.map(\.draft)
    }
    #expect(result.problems.map(\.line) == [3])  // the rejected records; result.rows is empty
    #expect(result.rows.isEmpty)
    #expect(drafts == [WordDraft(term: "사과", meaning: "apple")])
  }

  /// `FlashcardWriter`.
  @Test func writingCSV() throws {
    let text = try FlashcardWriter.write(
      [FlashcardRow(term: "사과", meaning: "apple", studyState: .success)], format: .csv)
    // "term,meaning,state,image\n사과,apple,known,\n"
    #expect(text == "term,meaning,state,image\n사과,apple,known,\n")
  }

  /// `ReviewChart`.
  @Test func drawingAReviewChart() async throws {
    let service = InMemoryWordService(books: [("Verbs", [WordDraft(term: "가다", meaning: "go")])])
    let book = try await service.fetchBooks()[0]
    let now = Timestamp(secondsSince1970: 1_764_583_200)
    let statistics = try await service.fetchReviewStatistics(of: book.id, at: now)
    let svg = ReviewChart.svg(statistics, book: book.title, labels: .english)
    #expect(svg.contains("Reviews of “Verbs”"))
  }
}
