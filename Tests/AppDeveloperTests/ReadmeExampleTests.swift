import StoreCore
import StoreTesting
import Testing
import Wordbook

/// The README's "Testing with StoreTesting" example, as written there.
@MainActor
@Suite struct ReadmeExampleTests {
  @Test func aFailedMarkIsKeptForARetry() async {
    let verbs = WordBook(id: WordBook.ID(1), title: "Verbs", wordCount: 0)
    let go = Word(id: Word.ID(1), term: "가다", meaning: "to go", studyState: .success)
    let state = AppState(seed: 1, books: [verbs], selectedBookID: verbs.id, words: [go])
    let service = ScriptedWordService(wrapping: InMemoryWordService())
    let offline = WordServiceError(.unavailable, "The test is offline.")
    await service.fail(.updateStudyStates, call: 1, with: offline)

    await withTestStore(initialState: state, reducer: AppReducer(service: service)) { store in
      store.send(.toggleStudyMode) { $0.studyMode = .excludeSuccess }
      store.send(.resetMark(go.id)) { $0.words.setStudyState(.notStudied, of: go.id) }
      await store.receive(.studyStatesSaved(.failure(offline))) {
        $0.words.setStudyState(.success, of: go.id)
        $0.unsavedMarks = [go.id: .notStudied]
        $0.lastError = .service(offline)
      }
      assertSnapshot(of: store.state.tally, named: "after-the-failure")
    }  // end-of-test checks: a running effect or an unreceived action fails at its `send`
  }
}
