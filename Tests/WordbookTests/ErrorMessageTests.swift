import Testing
import Wordbook

/// The domain words its errors once, in every language, for the owner who runs Wordbook and
/// for a visitor of a page it serves.
@Suite struct ErrorMessageTests {
  private static let book = WordBook(id: WordBook.ID(4242), title: "TOEIC 800")
  private static let path = "/srv/wordbook/secret.sqlite"

  private static func hasHangul(_ text: String) -> Bool {
    text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }
  }

  private static let problems: [WordServiceError.StorageProblem] = [
    .busy, .full, .readOnly, .notADatabase, .damaged(detail: "malformed image"),
    .cannotOpen(detail: "no such file"), .inputOutput(detail: "disk I/O error"),
    .severalNames(links: 2), .newerSchema(version: 9, known: 3), .closed,
    .noWriteAheadLog(mode: "delete"), .folderIsFile(part: "/srv/wordbook"),
    .serverUnreachable(detail: "connection refused"), .system(detail: "out of memory"),
  ]

  private static let errors: [AppError] =
    [
      .alreadySaving, .blankTitle, .blankTerm, .noBookSelected, .nothingToRedo, .nothingToUndo,
      .unknownBook(book.id), .unknownWord(Word.ID(7)),
    ]
    + [
      .bookNotFound(book.id), .wordNotFound(Word.ID(1)), .titleTaken(book), .blankTitle,
      .blankTerm, .cancelled, .unreachable(.loadBooks),
      .reviewedTermNotMatched(line: 2, .unknownTerm("배")),
      .reviewedTermNotMatched(line: 3, .ambiguousTerm("배", count: 2)),
      .reviewedTermNotMatched(line: 4, .unknownMeaning("배", meaning: "ship")),
      .blankUserName, .reviewHistoryUnreadable, .reviewHistoryClosed,
    ].map { .service(WordServiceError(.other, reason: $0)) }
    + problems.map {
      .service(WordServiceError(.other, reason: .storage(.init($0, during: .saveWord, path: path))))
    }

  @Test func everyErrorHasASentenceInEveryLanguageForEveryReader() {
    for error in Self.errors {
      for reader in [MessageReader.owner, .visitor] {
        let korean = error.message(in: .korean, for: reader)
        let english = error.message(in: .english, for: reader)
        #expect(Self.hasHangul(korean), "\(error)")
        #expect(!Self.hasHangul(english) || english.contains("배"), "\(error)")
        #expect(korean != english)
      }
    }
  }

  @Test func theOwnerIsToldWhereAndTheVisitorNeverIs() {
    for problem in Self.problems {
      let error = AppError.service(
        WordServiceError(
          .other, reason: .storage(.init(problem, during: .saveWord, path: Self.path))))
      for language in Language.allCases {
        #expect(error.message(in: language).contains(Self.path), "\(problem)")
        let visitor = error.message(in: language, for: .visitor)
        for secret in ["/srv", "malformed", "no such file", "disk I/O", "refused", "memory"] {
          #expect(!visitor.contains(secret), "\(language) \(problem): \(visitor)")
        }
      }
    }
  }

  @Test func theEnglishMessageIsTheOwnersEnglishSentence() {
    for error in Self.errors {
      #expect(error.message == error.message(in: .english))
      if case .service(let serviceError) = error {
        #expect(serviceError.message == error.message)
      }
    }
    #expect(AppError.nothingToUndo.message(in: .korean) == "되돌릴 것이 없습니다.")
    #expect(
      ReviewedTermProblem.unknownTerm("배").clause(in: .english) == "the wordbook has no word '배'")
  }

  @Test func languagesAreNamedByTheirCodes() {
    #expect(Language.allCases.map(\.rawValue) == ["en", "ko"])
  }
}
