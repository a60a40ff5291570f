import Testing
import Wordbook

/// The shipped test double: counting, failing a chosen call, holding an answer.
@Suite struct ScriptedWordServiceTests {
  let offline = WordServiceError(.unavailable, "The test is offline.")

  func makeService() -> ScriptedWordService {
    ScriptedWordService(
      wrapping: InMemoryWordService(books: [
        ("Verbs", [WordDraft(term: "가다", meaning: "to go")])
      ]))
  }

  @Test func callsAreCountedPerMethodAndForwarded() async throws {
    let service = makeService()
    let books = try await service.fetchBooks()
    _ = try await service.fetchBooks()
    let words = try await service.fetchWords(in: books[0].id)
    #expect(books.map(\.title) == ["Verbs"])
    #expect(words.map(\.term) == ["가다"])
    #expect(await service.callCount(of: .fetchBooks) == 2)
    #expect(await service.callCount(of: .fetchWords) == 1)
    #expect(await service.callCount(of: .saveWord) == 0)
  }

  @Test func onlyTheChosenCallFails() async throws {
    let service = makeService()
    await service.fail(.fetchBooks, call: 2, with: offline)
    _ = try await service.fetchBooks()
    let error = await #expect(throws: WordServiceError.self) {
      _ = try await service.fetchBooks()
    }
    #expect(error == offline)
    #expect(try await service.fetchBooks().count == 1)
    #expect(await service.callCount(of: .fetchBooks) == 3)
  }

  @Test func aFailedWriteDoesNotReachTheWrappedService() async throws {
    let service = makeService()
    let book = try await service.fetchBooks()[0]
    await service.fail(.saveWord, call: 1, with: offline)
    await #expect(throws: WordServiceError.self) {
      _ = try await service.saveWord(WordDraft(term: "오다", meaning: "to come"), to: book.id)
    }
    #expect(try await service.base.fetchWords(in: book.id).count == 1)
  }

  @Test func aHeldCallWaitsForItsReleaseWhileOthersAreAnswered() async throws {
    let service = makeService()
    let book = try await service.fetchBooks()[0]
    let word = try await service.fetchWords(in: book.id)[0]
    await service.hold(.updateStudyStates, call: 1)
    let save = Task {
      try await service.updateStudyStates([StudyStateChange(wordID: word.id, state: .success)])
    }
    await service.waitUntilHeld(.updateStudyStates)
    #expect(await service.heldCount(of: .updateStudyStates) == 1)
    #expect(try await service.fetchWords(in: book.id)[0].studyState == .notStudied)
    #expect(await service.release(.updateStudyStates))
    try await save.value
    #expect(await service.heldCount(of: .updateStudyStates) == 0)
    #expect(try await service.fetchWords(in: book.id)[0].studyState == .success)
    #expect(await service.release(.updateStudyStates) == false)
  }

  @Test func aHeldCallCanAlsoFail() async throws {
    let service = makeService()
    await service.hold(.fetchBooks, call: 1)
    await service.fail(.fetchBooks, call: 1, with: offline)
    let load = Task { try await service.fetchBooks() }
    await service.waitUntilHeld(.fetchBooks)
    await service.release(.fetchBooks)
    let result = await load.result
    #expect(throws: WordServiceError.self) { try result.get() }
  }
}
