import Foundation
import Testing
import Wordbook

@testable import WordbookWeb

/// Service errors reach the page in its language, worded from their kinds and values.
@Suite struct LanguageErrorsTests {
  private static let book = WordBook(id: WordBook.ID(4242), title: "TOEIC 800")

  private static func hasHangul(_ text: String) -> Bool {
    text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }
  }

  @Test func statusAndPickerWordTheErrorInThePagesLanguage() throws {
    let error = WordServiceError.titleTaken(by: Self.book)
    var state = AppState(seed: 1)
    state.list.booksStatus = .failed(.bookNotFound(Self.book.id))
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

  @Test func thePageIsNeverToldWhereTheServerKeepsItsDatabase() {
    var state = AppState(seed: 1)
    let failure = WordServiceError.storage(
      .unavailable, .busy, during: .saveStudyMarks, path: "/srv/wordbook/words.sqlite")
    state.list.booksStatus = .failed(failure)
    state.lastError = .service(failure)
    for language in Language.allCases {
      let status = WebEvents.Status(state, language: language).error ?? ""
      let picker = WebEvents.Picker(state, language: language).message ?? ""
      #expect(status == failure.message(in: language, for: .visitor))
      #expect(picker == status)
      #expect(!status.contains("/srv"))
    }
  }
}
