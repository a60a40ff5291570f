import StoreCore
import Testing
import Wordbook
import WordbookTesting

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

  /// `WordbookTesting.docc`'s sample: a failure and a hold scripted before a test runs.
  @Test func aFailureAndAHoldAreScriptedAhead() async throws {
    let books = [("Verbs", [WordDraft(term: "가다", meaning: "to go")])]
    let service = ScriptedWordService(wrapping: InMemoryWordService(books: books))
    await service.fail(.updateStudyStates, call: 2, with: WordServiceError(.unavailable, "offline"))
    await service.hold(.fetchWords, call: 1)
    let book = try await service.fetchBooks()[0]
    let load = Task { try await service.fetchWords(in: book.id) }
    await service.waitUntilHeld(.fetchWords)
    await service.release(.fetchWords)
    let word = try await load.value[0]
    let change = StudyStateChange(wordID: word.id, state: .success)
    try await service.updateStudyStates([change])
    await #expect(throws: WordServiceError(.unavailable, "offline")) {
      try await service.updateStudyStates([change])
    }
  }

  @Test func codeRunBeforeEachCallFailsOrObservesIt() async throws {
    let service = makeService()
    let book = try await service.fetchBooks()[0]
    let word = try await service.fetchWords(in: book.id)[0]
    // Every review after the second fails, as a full disk would.
    await service.onCall(.recordReview) { call throws(WordServiceError) in
      if call > 2 { throw WordServiceError(.unavailable, "the disk is full") }
    }
    let start = Timestamp(secondsSince1970: 1_780_000_000)
    for minute in 0..<2 {
      _ = try await service.recordReview(
        Review(rating: .good, time: start.advanced(by: Int64(minute) * 60)), of: word.id)
    }
    await #expect(throws: WordServiceError(.unavailable, "the disk is full")) {
      try await service.recordReview(
        Review(rating: .good, time: start.advanced(by: 600)), of: word.id)
    }
    #expect(try await service.fetchReviews(of: word.id).count == 2)
    #expect(await service.callCount(of: .recordReview) == 3)
    // A later action replaces the first; other methods are untouched.
    let seen = Locked<[Int]>([])
    await service.onCall(.recordReview) { call in seen.withLock { $0.append(call) } }
    _ = try await service.recordReview(
      Review(rating: .good, time: start.advanced(by: 900)), of: word.id)
    #expect(seen.withLock { $0 } == [4])
    let statistics = try await service.fetchReviewStatistics(of: book.id, at: start)
    #expect(statistics.time == start)
    #expect(await service.callCount(of: .fetchReviewStatistics) == 1)
  }
}
