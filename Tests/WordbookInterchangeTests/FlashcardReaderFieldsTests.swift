import Testing
import WordbookInterchange

/// `keepsFields`: each CSV or TSV row also carries its whole record, for readers of other
/// columns; without it, rows carry none.
@Suite struct FlashcardReaderFieldsTests {
  @Test func rowsKeepEveryFieldOnlyWhenAsked() throws {
    let text = "a,b,\"c, with a comma\"\nd,e,f\n"
    let kept = try FlashcardReader.read(
      text: text, format: .csv,
      options: FlashcardReadOptions(
        header: .absent, termColumn: 1, meaningColumn: 2, keepsFields: true))
    #expect(kept.rows.map(\.fields) == [["a", "b", "c, with a comma"], ["d", "e", "f"]])
    #expect(kept.rows.map(\.line) == [1, 2])
    let plain = try FlashcardReader.read(
      text: text, format: .csv,
      options: FlashcardReadOptions(header: .absent, termColumn: 1, meaningColumn: 2))
    #expect(plain.rows.map(\.fields) == [[], []])
    #expect(plain.rows.map(\.term) == ["a", "d"])
  }
}
