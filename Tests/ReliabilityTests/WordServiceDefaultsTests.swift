import Testing
import Wordbook

/// `WordService`'s default implementations, through a service that implements only the
/// requirements without one (the fault injector, which forwards them), agree with the
/// in-memory service's own.
@Suite struct WordServiceDefaultsTests {
  @Test func theDefaultTalliesCountEveryBookWithWordsAndNoEmptyOne() async throws {
    let base = InMemoryWordService()
    let book = try await base.createBook(title: "Words")
    let empty = try await base.createBook(title: "Empty")
    let word = try await base.saveWord(WordDraft(term: "물", meaning: "water"), to: book.id)
    _ = try await base.saveWord(WordDraft(term: "불", meaning: "fire"), to: book.id)
    try await base.updateStudyStates([StudyStateChange(wordID: word.id, state: .success)])
    let tallies = try await FaultInjectingWordService(base: base).fetchTallies()
    #expect(tallies == (try await base.fetchTallies()))
    #expect(tallies[book.id] == StudyTally(notStudied: 1, success: 1))
    #expect(tallies[empty.id] == nil)
  }
}
