import Testing
import WordbookInterchange

@Suite struct FlashcardFormatTests {
  @Test func fileExtensionsNameTablesOnly() {
    #expect(FlashcardFormat(fileExtension: "CSV") == .csv)
    #expect(FlashcardFormat(fileExtension: ".tsv") == .tsv)
    #expect(FlashcardFormat(fileExtension: "txt") == nil)
    #expect(FlashcardFormat.allCases.map(\.fileExtension) == ["txt", "txt", "csv", "tsv"])
  }

  @Test func defaultSeparators() {
    #expect(FlashcardFormat.allCases.map(\.defaultSeparator) == ["\t", "\t", ",", "\t"])
  }
}
