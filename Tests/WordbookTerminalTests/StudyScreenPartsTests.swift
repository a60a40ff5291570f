import StoreCore
import Testing
import Wordbook

@testable import WordbookTerminal

/// The study screen's parts: the app's, as `AppReducer` records them, and the screen's own.
@MainActor
@Suite struct StudyScreenPartsTests {
  /// Counts the calls of each observer.
  @MainActor final class Calls {
    var screen = 0
    var tally = 0
    var marks = 0
  }

  @Test func aKeyChangesTheScreenAndTheAppsPartsItTouchesOnly() async throws {
    let memory = InMemoryWordService(books: [
      (
        "Verbs",
        [WordDraft(term: "가다", meaning: "to go"), WordDraft(term: "오다", meaning: "to come")]
      )
    ])
    let books = try await memory.fetchBooks()
    let words = try await memory.fetchWords(in: books[0].id)
    var open = StudyScreen(
      app: AppState(seed: 1, books: books, selectedBookID: books[0].id, words: words))
    open.opensFirstBook = false
    let store = Store(
      initialState: open, reducer: StudyScreenReducer(app: AppReducer(service: memory)))
    let calls = Calls()
    store.observe([.screen]) { calls.screen += 1 }
    store.observe([.app(.tally)]) { calls.tally += 1 }
    store.observe([.app(.marks)]) { calls.marks += 1 }

    store.send(.key(.down, pageSize: 10))
    #expect((calls.screen, calls.tally, calls.marks) == (1, 0, 0))
    // A rating of the last card ends the round: the screen changes with the tally.
    store.send(.key(.left, pageSize: 10))
    #expect((calls.screen, calls.tally) == (2, 1))
    let marksBeforeTheAnswer = calls.marks
    await store.settle()
    // The save's answer changes the marks, never the screen.
    #expect(calls.marks > marksBeforeTheAnswer)
    #expect((calls.screen, calls.tally) == (2, 1))
  }
}
