import StoreCore
import StoreTesting
import Testing
import Wordbook
import WordbookTesting

/// States built without a store, as a test or a preview starts from, and tested from there.
@MainActor
@Suite struct BuiltStateTests {
  let verbs = WordBook(id: WordBook.ID(1), title: "Verbs", wordCount: 0)
  let words = [
    Word(id: Word.ID(1), term: "가다", meaning: "to go", studyState: .success),
    Word(id: Word.ID(2), term: "오다", meaning: "to come", studyState: .fail),
    Word(id: Word.ID(3), term: "먹다", meaning: "to eat"),
  ]

  @Test func aBuiltStateIsConsistentAndSnapshots() {
    var state = AppState(
      seed: 1, books: [verbs], selectedBookID: verbs.id, words: words, studyMode: .excludeSuccess)
    state.session.backFaces = [Word.ID(2)]
    #expect(state.invariantViolations.isEmpty)
    assertSnapshot(of: Screen(state), named: "marked-words-without-successes")
  }

  @Test func aTestStartsFromABuiltState() async {
    let state = AppState(seed: 1, books: [verbs], selectedBookID: verbs.id, words: words)
    let service = ScriptedWordService(wrapping: InMemoryWordService())
    let error = WordServiceError(.unavailable, "The test is offline.")
    await service.fail(.updateStudyStates, call: 1, with: error)
    await withTestStore(initialState: state, reducer: AppReducer(service: service)) { store in
      store.send(.study(.view(.toggleStudyMode))) { $0.setStudyMode(.excludeSuccess) }
      store.send(.study(.view(.resetMark(Word.ID(1))))) {
        $0.session.words.setStudyState(.notStudied, of: Word.ID(1))
      }
      await store.receive(.study(.studyStatesSaved(.failure(error)))) {
        $0.session.words.setStudyState(.success, of: Word.ID(1))
        $0.session.unsavedMarks = [Word.ID(1): .notStudied]
        $0.lastError = .service(error)
      }
    }
  }
}
