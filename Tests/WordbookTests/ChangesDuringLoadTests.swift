import Testing

@testable import Wordbook

/// A reload that read the database before a change was acknowledged, and answered after it,
/// still shows the change.
@Suite struct ChangesDuringLoadTests {
  private let reducer = AppReducer(service: InMemoryWordService())
  private let book = WordBook(id: WordBook.ID(1), title: "Verbs", wordCount: 2)
  private let words = [
    Word(id: Word.ID(1), term: "가다", meaning: "to go"),
    Word(id: Word.ID(2), term: "오다", meaning: "to come"),
  ]

  private func loadedState() -> AppState {
    var state = AppState(seed: 1)
    for action in [
      AppAction.books(.booksLoaded(.success([book]))), .books(.view(.selectBook(book.id))),
      .study(.wordsLoaded(book.id, .success(words))),
    ] {
      reducer.apply(action, to: &state)
    }
    return state
  }

  @Test func aMarkAcknowledgedDuringAReloadSurvivesTheStaleAnswer() {
    var state = loadedState()
    reducer.apply(.study(.view(.markSuccess(Word.ID(1)))), to: &state)
    reducer.apply(.books(.view(.selectBook(book.id))), to: &state)
    let batch = [StudyStateChange(wordID: Word.ID(1), state: .success)]
    reducer.apply(.study(.studyStatesSaved(.success(batch))), to: &state)
    reducer.apply(.study(.wordsLoaded(book.id, .success(words))), to: &state)
    #expect(state.session.words[Word.ID(1)]?.studyState == .success)
    #expect(!state.hasUnsavedMarks)
  }

  @Test func aWordSavedDuringAReloadAppearsOnce() {
    var state = loadedState()
    _ = reducer.reduce(
      into: &state, action: .study(.view(.saveWord(term: "먹다", meaning: "to eat"))))
    reducer.apply(.books(.view(.selectBook(book.id))), to: &state)
    let saved = Word(id: Word.ID(3), term: "먹다", meaning: "to eat")
    reducer.apply(.study(.wordSaved(book.id, .success(saved))), to: &state)
    reducer.apply(.study(.wordsLoaded(book.id, .success(words))), to: &state)
    #expect(state.session.words.allWords.map(\.term) == ["가다", "오다", "먹다"])
    #expect(state.selectedBook?.wordCount == 3)

    var later = loadedState()
    reducer.apply(.books(.view(.selectBook(book.id))), to: &later)
    reducer.apply(.study(.wordSaved(book.id, .success(saved))), to: &later)
    _ = reducer.reduce(
      into: &later, action: .study(.wordsLoaded(book.id, .success(words + [saved]))))
    #expect(later.session.words.count == 3)
  }

  @Test func aWordDeletedDuringAReloadStaysDeleted() {
    var state = loadedState()
    reducer.apply(.study(.view(.deleteWord(Word.ID(2)))), to: &state)
    reducer.apply(.books(.view(.selectBook(book.id))), to: &state)
    _ = reducer.reduce(
      into: &state, action: .study(.wordDeleted(Word.ID(2), .success(Word.ID(2)))))
    reducer.apply(.study(.wordsLoaded(book.id, .success(words))), to: &state)
    #expect(state.session.words.allWords.map(\.id) == [Word.ID(1)])
    #expect(state.selectedBook?.wordCount == 1)
  }

  @Test func aLateSaveAnswerNeverBringsBackADeletedWord() {
    var state = loadedState()
    let saved = Word(id: Word.ID(3), term: "먹다", meaning: "to eat")
    _ = reducer.reduce(
      into: &state, action: .study(.view(.saveWord(term: "먹다", meaning: "to eat"))))
    reducer.apply(.books(.view(.selectBook(book.id))), to: &state)
    _ = reducer.reduce(
      into: &state, action: .study(.wordsLoaded(book.id, .success(words + [saved]))))
    reducer.apply(.study(.view(.deleteWord(saved.id))), to: &state)
    reducer.apply(.study(.wordDeleted(saved.id, .success(saved.id))), to: &state)
    reducer.apply(.study(.wordSaved(book.id, .success(saved))), to: &state)
    #expect(state.session.words.allWords.map(\.id) == [Word.ID(1), Word.ID(2)])
    #expect(!state.session.isSavingWord)
  }
}
