import StoreCore
import StoreTesting
import Testing
import Wordbook
import WordbookTesting

/// A whole study session tested the way an app that depends on Wordbook tests it: no
/// `@testable`, every state change and every action the service sends back asserted, in order.
@MainActor
@Suite struct StudySessionTests {
  let memory = InMemoryWordService(books: [
    (
      "Verbs",
      [
        WordDraft(term: "가다", meaning: "to go"), WordDraft(term: "오다", meaning: "to come"),
        WordDraft(term: "먹다", meaning: "to eat"), WordDraft(term: "자다", meaning: "to sleep"),
      ]
    ),
    ("Nouns", [WordDraft(term: "물", meaning: "water")]),
  ])
  let offline = WordServiceError(.unavailable, "The test is offline.")

  @Test func aWholeSessionIsAssertedStepByStep() async throws {
    let service = ScriptedWordService(wrapping: memory)
    let books = try await memory.fetchBooks()
    let verbs = books[0]
    let words = try await memory.fetchWords(in: verbs.id)
    let (go, come, eat, sleep) = (words[0].id, words[1].id, words[2].id, words[3].id)

    await withTestStore(initialState: AppState(seed: 42), reducer: AppReducer(service: service)) {
      store in
      // Loading the list, then a book: each step is asserted in `openBook`.
      await store.openBook(verbs, of: books, words: words)

      // Studying: a card turned, two marks saved, one undone.
      store.send(.study(.view(.flip(go)))) { $0.session.backFaces = [go] }
      store.send(.study(.view(.markSuccess(go)))) {
        $0.session.words.setStudyState(.success, of: go)
      }
      await store.receive(.study(.studyStatesSaved(.success([.init(wordID: go, state: .success)]))))
      store.send(.study(.view(.markFail(come)))) { $0.session.words.setStudyState(.fail, of: come) }
      await store.receive(.study(.studyStatesSaved(.success([.init(wordID: come, state: .fail)]))))
      store.send(.study(.view(.undo))) { $0.session.words.setStudyState(.notStudied, of: come) }
      await store.receive(
        .study(.studyStatesSaved(.success([.init(wordID: come, state: .notStudied)]))))
      #expect(store.state.canUndo)

      // A slow save: the second mark of the word waits for the first answer, then goes.
      await service.hold(.updateStudyStates, call: 4)
      store.send(.study(.view(.markSuccess(eat)))) {
        $0.session.words.setStudyState(.success, of: eat)
      }
      store.send(.study(.view(.markFail(eat)))) { $0.session.words.setStudyState(.fail, of: eat) }
      #expect(store.state.marksBeingSaved == 1)
      await service.waitUntilHeld(.updateStudyStates)
      await service.release(.updateStudyStates)
      await store.receive(
        .study(.studyStatesSaved(.success([.init(wordID: eat, state: .success)]))))
      await store.receive(.study(.studyStatesSaved(.success([.init(wordID: eat, state: .fail)]))))
      #expect(!store.state.hasUnsavedMarks)

      // A failed save puts the word back and keeps the mark for a retry.
      await service.fail(.updateStudyStates, call: 6, with: offline)
      store.send(.study(.view(.markSuccess(sleep)))) {
        $0.session.words.setStudyState(.success, of: sleep)
      }
      await store.receive(.study(.studyStatesSaved(.failure(offline)))) {
        $0.session.words.setStudyState(.notStudied, of: sleep)
        $0.session.unsavedMarks = [sleep: .success]
        $0.lastError = .service(offline)
      }
      store.send(.dismissError) { $0.lastError = nil }
      store.send(.study(.view(.retryUnsavedMarks))) {
        $0.session.words.setStudyState(.success, of: sleep)
        $0.session.unsavedMarks = [:]
      }
      await store.receive(
        .study(.studyStatesSaved(.success([.init(wordID: sleep, state: .success)]))))

      // A new word joins the book.
      let draft = WordDraft(term: "보다", meaning: "to see")
      store.send(.study(.view(.saveWord(term: draft.term, meaning: draft.meaning)))) {
        $0.session.isSavingWord = true
        $0.session.wordDraft = draft
      }
      let saved = Word(id: Word.ID(6), term: draft.term, meaning: draft.meaning)
      await store.receive(.study(.wordSaved(verbs.id, .success(saved)))) {
        $0.session.isSavingWord = false
        $0.session.wordDraft = nil
        $0.append(saved)
        $0.list.books[0].wordCount = 5
      }

      // Studying what is left, in a new order.
      store.send(.study(.view(.setStudyMode(.excludeSuccess)))) {
        $0.setStudyMode(.excludeSuccess)
        $0.session.backFaces = []
      }
      store.send(.study(.view(.shuffle))) { $0.shuffleStudyOrder() }
      assertSnapshot(of: Screen(store.state), named: "after-the-session")
    }
    #expect(await service.callCount(of: .updateStudyStates) == 7)
    #expect(await service.callCount(of: .fetchWords) == 1)
  }
}
