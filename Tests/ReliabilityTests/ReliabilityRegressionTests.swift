import Testing

@testable import Wordbook

/// The shortest sequences the property tests found that broke an invariant, kept as examples.
/// Book 1 holds words 1 to 8; `.existing(n)` is its word `n + 1`.
@MainActor
@Suite struct ReliabilityRegressionTests {
  @Test func aFailedBatchForgetsTheUndoStepsOfTheWordsItReverts() async throws {
    let session = ScriptedSession(seed: 1)
    await session.run([
      .markSuccess(.existing(0)),
      .answer(0, fails: true),
      .deliver(0),
    ])
    #expect(session.outcome.violation == nil)
    let word = try #require(session.state.session.words[Word.ID(1)])
    #expect(word.studyState == .notStudied)
    #expect(!session.state.canUndo)
  }

  @Test func deletingAWordWithAQueuedMarkKeepsTheOtherWordsMarks() async throws {
    let session = ScriptedSession(seed: 1)
    await session.run([
      .markSuccess(.existing(3)),
      .markFail(.existing(7)),
      .deleteWord(.existing(7)),
      .markFail(.existing(0)),
      .answer(1, fails: false),
      .answer(0, fails: false),
      .deliver(0),
      .deliver(0),
    ])
    #expect(session.outcome.violation == nil)
    #expect(session.state.lastError == nil)
    let held = try await session.base.fetchWords(in: WordBook.ID(1))
    #expect(held.first { $0.id == Word.ID(1) }?.studyState == .fail)
    #expect(held.first { $0.id == Word.ID(4) }?.studyState == .success)
    #expect(!held.contains { $0.id == Word.ID(8) })
  }

  @Test func aSavedWordThatAReloadAlreadyListsIsNotAddedTwice() async {
    let session = ScriptedSession(seed: 1)
    await session.run([
      .saveWord(termKind: 4),
      .selectBook(.existing(0)),
      .answer(0, fails: false),
      .answer(0, fails: false),
      .deliver(1),
    ])
    #expect(session.outcome.violation == nil)
    #expect(session.state.session.words.count == 9)
    #expect(session.state.list.books.first?.wordCount == 9)
  }

  @Test func aListWithoutTheSelectedBookClearsItsUndoHistory() async {
    let session = ScriptedSession(seed: 1)
    await session.run([
      .createBook(blank: false),
      .answer(0, fails: false),
      .deliver(0),
      .saveWord(termKind: 4),
      .answer(0, fails: false),
      .deliver(0),
      .markFail(.existing(0)),
      .redeliverStale(0),
    ])
    #expect(session.outcome.violation == nil)
    #expect(session.state.session.bookID == nil)
    #expect(!session.state.canUndo)
  }
}
