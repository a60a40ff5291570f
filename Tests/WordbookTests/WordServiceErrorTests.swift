import Foundation
import Testing
import Wordbook

/// Errors carry their reason through the action log, and logs from before reasons still
/// replay with the same words.
@Suite struct WordServiceErrorTests {
  @Test func reasonsSurviveTheLog() throws {
    let errors: [WordServiceError] = [
      .bookNotFound(WordBook.ID(3)), .wordNotFound(Word.ID(9)),
      .titleTaken(by: WordBook(id: WordBook.ID(4), title: "TOEIC")), .cancelled,
      .storage(.unavailable, .busy, during: .saveStudyMarks, path: "/tmp/w.sqlite"),
      .storage(
        .unsupportedVersion, .newerSchema(version: 9, known: 3), during: .openDatabase,
        path: "/tmp/w.sqlite"),
      WordServiceError(.unavailable, "Offline."),
    ]
    for error in errors {
      let data = try JSONEncoder().encode(error)
      #expect(try JSONDecoder().decode(WordServiceError.self, from: data) == error)
      // Readers of the log still find the English sentence.
      #expect(String(decoding: data, as: UTF8.self).contains("\"message\""))
    }
  }

  @Test func anErrorLoggedAsASentenceKeepsItsSentence() throws {
    let old =
      #"{"kind":"unavailable","message":"Could not save the word: locked.","isRetryable":true}"#
    let error = try JSONDecoder().decode(WordServiceError.self, from: Data(old.utf8))
    #expect(error.reason == .described("Could not save the word: locked."))
    #expect(error.message == "Could not save the word: locked.")
    #expect(error.isRetryable)
  }

  @Test func aFailedLoadCheckpointsAsBeforeReasons() {
    let status = LoadStatus.failed(WordServiceError(.unavailable, "The \"db\" is locked."))
    #expect("\(status)" == #"failed(message: "The \"db\" is locked.")"#)
    #expect("\(LoadStatus.loaded)" == "loaded")
  }

  @Test func theMessageNamesTheValues() {
    let error = WordServiceError.storage(
      .other, .severalNames(links: 2), during: .openDatabase, path: "/tmp/w.sqlite")
    #expect(error.message.contains("/tmp/w.sqlite has 2 names (hard links)"))
    #expect(
      WordServiceError.titleTaken(by: WordBook(id: WordBook.ID(4), title: "TOEIC")).existingBook?
        .title == "TOEIC")
  }
}
