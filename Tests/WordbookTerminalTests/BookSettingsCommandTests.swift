import Foundation
import Testing
import Wordbook
import WordbookSQLite

/// `wordbook settings --book BOOK`: the languages a book's sides are said in, shown, set,
/// cleared with `auto`, and refused when they are not language tags or name no book.
@Suite struct BookSettingsCommandTests {
  @Test func aBooksSpeechLanguagesAreShownSetAndCleared() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    #expect(try await process.makeBook("단어", terms: ["고양이"]).count == 1)
    let shown = try await process.runOnDatabase(["settings", "--book", "단어"])
    #expect(shown.output == "term-language\tauto\nmeaning-language\tauto\n")
    let set = try await process.runOnDatabase([
      "settings", "--book", "단어", "meaning-language", "en-GB",
    ])
    #expect(set.output == "meaning-language\ten-GB\n")
    let service = try SQLiteWordService(path: process.databasePath)
    let book = try #require(try await service.fetchBooks().first { $0.title == "단어" })
    #expect(try await service.speechLanguages(of: book.id) == SpeechLanguages(meaning: "en-GB"))
    let cleared = try await process.runOnDatabase([
      "settings", "--book", "단어", "meaning-language", "auto",
    ])
    #expect(cleared.output == "meaning-language\tauto\n")
    #expect(try await service.speechLanguages(of: book.id) == SpeechLanguages())
  }

  @Test(arguments: [
    (["settings", "--book", "단어", "term-language", "ko KR"], "a language is a tag"),
    (["settings", "term-language"], "term-language is a wordbook's setting"),
    (["settings", "--book", "단어", "retention"], "unknown setting 'retention'"),
    (["settings", "--book", "없음", "term-language", "ko"], "no wordbook"),
  ])
  func whatIsNotALanguageOrABookIsRefused(arguments: [String], error: String) async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    #expect(try await process.makeBook("단어", terms: ["고양이"]).count == 1)
    let refused = try await process.runOnDatabase(arguments)
    #expect(refused.status != 0)
    #expect(refused.error.contains(error), "\(refused.error)")
    #expect(refused.output.isEmpty)
  }
}
