import Foundation
import Testing
import Wordbook

@testable import WordbookWeb

/// Service errors reach the page in its language, worded from their kinds and values.
@Suite struct PageLanguageErrorsTests {
  private static let book = WordBook(id: WordBook.ID(4242), title: "TOEIC 800")

  private static func hasHangul(_ text: String) -> Bool {
    text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }
  }

  @Test func statusAndPickerWordTheErrorInThePagesLanguage() throws {
    let error = WordServiceError.titleTaken(by: Self.book)
    var state = AppState(seed: 1)
    state.booksStatus = .failed(.bookNotFound(Self.book.id))
    state.lastError = .service(error)

    let korean = WebEvents.Status(state, language: .korean).error ?? ""
    #expect(korean == "단어장 \"TOEIC 800\"(ID 4242)이 이미 그 제목을 씁니다. 다른 제목을 고르세요.")
    #expect(WebEvents.Status(state, language: .english).error == error.message)

    let picker = WebEvents.Picker(state, language: .korean)
    #expect(picker.state == "failed")
    #expect(picker.message?.contains("4242") == true)
    #expect(picker.message.map(Self.hasHangul) == true)
    #expect(WebEvents.Picker(state, language: .english).message?.hasPrefix("No wordbook") == true)
  }

  @Test func everyReasonHasAKoreanSentence() {
    var reasons: [WordServiceError.Reason] = [
      .bookNotFound(Self.book.id), .wordNotFound(Word.ID(1)), .titleTaken(Self.book),
      .blankTitle, .blankTerm, .cancelled, .unreachable(.loadBooks),
      .reviewedTermNotMatched(line: 2, .unknownTerm("배")),
    ]
    let problems: [WordServiceError.StorageProblem] = [
      .busy, .full, .readOnly, .notADatabase, .damaged(detail: "malformed"),
      .cannotOpen(detail: "x"), .inputOutput(detail: "x"), .severalNames(links: 2),
      .newerSchema(version: 9, known: 3), .closed, .noWriteAheadLog(mode: "delete"),
      .folderIsFile(part: "/tmp"), .serverUnreachable(detail: "connection refused"),
      .system(detail: "out of memory"),
    ]
    reasons += problems.map { .storage(.init($0, during: .saveWord, path: "/tmp/w.sqlite")) }
    for reason in reasons {
      let error = AppError.service(WordServiceError(.other, reason: reason))
      #expect(Self.hasHangul(PageLanguage.korean.describe(error)), "\(reason)")
      #expect(PageLanguage.english.describe(error) == error.message)
    }
  }
}
