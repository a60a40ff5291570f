import StoreCore
import StoreTesting
import Testing
import Wordbook
import WordbookTesting

/// What an app developer describes from outside (no `@testable`) once the study order is
/// shuffled: adding, editing and deleting a word keep that order, and each step is written with
/// the word list's own public mutations.
@MainActor
@Suite struct EditingAfterShuffleTests {
  let memory = InMemoryWordService(books: [
    (
      "Fruit",
      [
        WordDraft(term: "사과", meaning: "apple"), WordDraft(term: "배", meaning: "pear"),
        WordDraft(term: "포도", meaning: "grape"), WordDraft(term: "수박", meaning: "watermelon"),
      ]
    )
  ])

  @Test func addingEditingAndDeletingAfterAShuffleKeepTheStudyOrder() async throws {
    let books = try await memory.fetchBooks()
    let fruit = books[0]
    let words = try await memory.fetchWords(in: fruit.id)
    try await withTestStore(initialState: AppState(seed: 7), reducer: AppReducer(service: memory)) {
      store in
      await store.openBook(fruit, of: books, words: words)
      store.send(.study(.view(.shuffle))) { $0.shuffleStudyOrder() }
      let shuffled = store.state.visibleWords.map(\.id)
      #expect(shuffled != words.map(\.id))

      // The service assigns the new word's ID: the step reads it from the answer.
      store.send(.study(.view(.saveWord(term: "귤", meaning: "tangerine")))) {
        $0.session.isSavingWord = true
        $0.session.wordDraft = WordDraft(term: "귤", meaning: "tangerine")
      }
      let saved = await store.receive("wordSaved", extracting: savedWord) { state, word in
        state.session.isSavingWord = false
        state.session.wordDraft = nil
        state.append(word)
        state.list.books[0].wordCount = 5
      }
      let tangerine = try #require(saved)
      #expect(store.state.visibleWords.map(\.id) == shuffled + [tangerine.id])

      let pear = words[1]
      store.send(.study(.view(.editWord(pear.id, term: "배", meaning: "pear (fruit)")))) {
        $0.session.isSavingWord = true
      }
      await store.receive("wordEdited", extracting: editedWord) { state, word in
        state.session.isSavingWord = false
        state.session.words.replaceText(with: word)
      }
      store.send(.study(.view(.deleteWord(words[0].id))))
      await store.receive(.study(.wordDeleted(words[0].id, .success(words[0].id)))) {
        $0.removeWord(words[0].id)
        $0.list.books[0].wordCount = 4
      }
      let left = shuffled.filter { $0 != words[0].id } + [tangerine.id]
      #expect(store.state.visibleWords.map(\.id) == left)
      #expect(store.state.session.words[pear.id]?.meaning == "pear (fruit)")
    }
  }

  /// A test that forgets `finish()` while an answer is still on its way fails where the store
  /// was made, instead of passing.
  @Test func aStoreDroppedWithWorkInFlightFails() async throws {
    let service = ScriptedWordService(wrapping: memory)
    await service.hold(.fetchBooks, call: 1)
    await withKnownIssue {
      await startLoadingAndForgetToFinish(service)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("dropped without finish()") }
    }
    await service.release(.fetchBooks)
  }

  /// A reducer tested alone tells whether an action asks for work.
  @Test func aReducerSaysWhenAnActionAsksForNoWork() {
    var state = AppState(seed: 1)
    let reducer = AppReducer(service: memory)
    #expect(reducer.reduce(into: &state, action: .study(.view(.toggleReverse))).isNone)
    #expect(!reducer.reduce(into: &state, action: .books(.view(.loadBooks))).isNone)
  }

  /// Drops the store on the main actor, where its check runs at once, in the test.
  private func startLoadingAndForgetToFinish(_ service: ScriptedWordService) async {
    let store = TestStore(initialState: AppState(seed: 1), reducer: AppReducer(service: service))
    store.send(.books(.view(.loadBooks))) { $0.list.booksStatus = .loading }
    await service.waitUntilHeld(.fetchBooks)
  }

  private func savedWord(_ action: AppAction) -> Word? {
    if case .study(.wordSaved(_, .success(let word))) = action { word } else { nil }
  }

  private func editedWord(_ action: AppAction) -> Word? {
    if case .study(.wordEdited(_, .success(let word))) = action { word } else { nil }
  }
}

/// What a failing step shows of the words: the words themselves, in study order.
@Suite struct WordListDumpTests {
  @Test func aDumpShowsTheWordsInStudyOrderAndWhatIsHidden() {
    var list = WordList([
      Word(id: Word.ID(1), term: "사과", meaning: "apple"),
      Word(id: Word.ID(2), term: "배", meaning: "pear", studyState: .success),
    ])
    list.append(Word(id: Word.ID(3), term: "귤", meaning: "tangerine"))
    let dump = textDump(of: list)
    #expect(dump.contains(#"term: "사과""#) && dump.contains(#"term: "귤""#))
    #expect(dump.contains("hidden: []") && dump.contains("mode: .all"))
    #expect(!dump.contains("entries") && !dump.contains("order") && !dump.contains("index"))
  }
}
