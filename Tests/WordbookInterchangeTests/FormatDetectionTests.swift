import Foundation
import Testing
import WordbookInterchange

@Suite struct FormatDetectionTests {
  @Test(arguments: [
    ("#separator:Pipe\na|b\n", FlashcardFormat.anki),
    ("#html:false\na\tb\n", .anki),
    ("\u{FEFF}#separator:tab\na\tb\n", .anki),
    ("a\tb\nc\td\n", .tsv),
    ("a,b\nc,d\n", .csv),
    ("a;b\nc;d, e\n", .csv),
    ("the dog|de hond, der\nthe cat|de kat\n", .quizlet),
    ("# heading\nthe dog|de hond\n", .quizlet),
    ("you 28787591\ni 27086011\n", .quizlet),
    ("term,meaning\n\"a\tb\",\"c\td\"\n\"e\tf\",g\n", .csv),
    ("word\tdefinition\nx, y, z\tw, v\n", .tsv),
    ("", .csv),
  ])
  func detects(text: String, format: FlashcardFormat) {
    #expect(FlashcardReader.detectFormat(Array(text.utf8)) == format)
  }

  @Test func readsFoundationData() throws {
    let result = try FlashcardReader.read(Data("the dog|de hond\n".utf8))
    #expect(result.format == .quizlet)
    #expect(result.rows.map(\.meaning) == ["de hond"])
  }
}
