import Testing
import Wordbook
import WordbookInterchange
import WordbookTestSupport

/// Every error of the flashcard reader and writer, and every reason a record is rejected, is
/// worded in English and in Korean, and both name the values.
@Suite struct InterchangeCatalogueTests {
  /// The values the sentences below name.
  private static let values = [
    "4242", "4,242", "marker.csv", "Marker Title", "--marker", "“Marker Title”", "\"a\"", "\"b\"",
    "\"c\"", "\";\"",
    // The system's words for error 0, which a read error quotes.
    "Success",
  ]
  /// What stays as it is in Korean.
  private static let names = [
    "UTF-8", "ASCII", "CSV", "TSV", "Anki", "Quizlet", "SQL", "MiB", "KiB", "success", "fail",
    "notStudied",
  ]

  @Test func everyReadErrorHasBothLanguages() {
    let errors: [FlashcardReadError] = [
      .invalidUTF8(byteOffset: 4242, line: 4242), .unsupportedSeparator(""),
      .unsupportedSeparator("--marker"), .invalidColumn(4242),
      .unknownColumn("Marker Title", header: ["a", "b", "c"]),
      .unknownColumn("Marker Title", header: nil),
      .ambiguousColumns(firstRow: ["a", "b", "c"]), .sqlScript, .readFailed(errorNumber: 0),
      .stopped,
    ]
    #expect(Set(errors.map(Self.index)) == Set(0..<8))
    for error in errors {
      CatalogueCheck.expectBoth(
        error.message(in: .english), error.message(in: .korean), values: Self.values,
        names: Self.names)
    }
  }

  @Test func everyWriteErrorHasBothLanguages() {
    let errors: [FlashcardWriteError] = [
      .separatorInField(row: 4242, separator: ";"), .unsupportedSeparator("--marker"),
    ]
    for error in errors {
      CatalogueCheck.expectBoth(
        error.message(in: .english), error.message(in: .korean), values: Self.values,
        names: Self.names)
    }
  }

  @Test func everyRejectedRecordHasBothLanguages() {
    let reasons: [LineProblem.Reason] = [
      .missingSeparator(";"), .missingSeparator("\t"),
      .tooManySeparators(found: 4242, separator: " "),
      .tooManyFields(found: 4242, expected: 2), .tooFewFields(found: 1, expected: 4242),
      .emptyTerm, .unknownStudyState("--marker"), .invalidImageName("--marker"),
      .unterminatedQuote, .tooLong(limit: 1 << 20), .tooLong(limit: 4242),
    ]
    #expect(Set(reasons.map(Self.index)) == Set(0..<9))
    for reason in reasons {
      let problem = LineProblem(line: 4242, reason: reason, text: "Marker Title")
      CatalogueCheck.expectBoth(
        problem.message(in: .english, file: "marker.csv"),
        problem.message(in: .korean, file: "marker.csv"), values: Self.values, names: Self.names)
    }
  }

  @Test func aRejectedRecordNamesItsFileLineAndText() {
    let problem = LineProblem(line: 3, reason: .emptyTerm, text: ",pomme")
    #expect(
      problem.message(in: .english, file: "fruit.csv")
        == "fruit.csv, line 3 (“,pomme”): the term is empty")
    #expect(
      problem.message(in: .korean, file: "fruit.csv") == "fruit.csv 3번째 줄(“,pomme”): 단어가 비어 있습니다")
    let blank = LineProblem(line: 3, reason: .emptyTerm)
    #expect(
      blank.message(in: .english, file: "fruit.csv") == "fruit.csv, line 3: the term is empty")
  }

  @Test func theTextOfARejectedRecordIsItsFirstLineCutAfterFortyCharacters() throws {
    let long = String(repeating: "가", count: 100)
    let text = "a,b\n\(long)\n\"x\ny\"\n" + String(repeating: "é", count: 40) + "\r\n"
    let result = try FlashcardReader.read(text: text, format: .csv)
    #expect(
      result.problems.map(\.text) == [
        String(repeating: "가", count: 40) + "…", "\"x", String(repeating: "é", count: 40),
      ])
  }

  private static func index(_ error: FlashcardReadError) -> Int {
    switch error {
    case .invalidUTF8: 0
    case .unsupportedSeparator: 1
    case .invalidColumn: 2
    case .unknownColumn: 3
    case .ambiguousColumns: 4
    case .sqlScript: 5
    case .readFailed: 6
    case .stopped: 7
    }
  }

  private static func index(_ reason: LineProblem.Reason) -> Int {
    switch reason {
    case .missingSeparator: 0
    case .tooManySeparators: 1
    case .tooManyFields: 2
    case .tooFewFields: 3
    case .emptyTerm: 4
    case .unknownStudyState: 5
    case .invalidImageName: 6
    case .unterminatedQuote: 7
    case .tooLong: 8
    }
  }
}
