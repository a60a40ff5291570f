import StoreCore
import Testing
import Wordbook

/// Building states by hand, and the invariants that catch what a hand-built state breaks.
@Suite struct AppStateInvariantsTests {
  let verbs = WordBook(id: WordBook.ID(1), title: "Verbs", wordCount: 0)
  let nouns = WordBook(id: WordBook.ID(2), title: "Nouns", wordCount: 9)
  let words = [
    Word(id: Word.ID(1), term: "가다", meaning: "to go", studyState: .success),
    Word(id: Word.ID(2), term: "오다", meaning: "to come", studyState: .fail),
    Word(id: Word.ID(3), term: "먹다", meaning: "to eat"),
  ]

  @Test func aBuiltStateKeepsItsDerivedDataInStep() {
    let state = AppState(
      seed: 7, books: [verbs, nouns], selectedBookID: verbs.id, words: words,
      studyMode: .excludeSuccess)
    #expect(state.invariantViolations == [])
    #expect(state.picker == .chosen(WordBook(id: verbs.id, title: "Verbs", wordCount: 3)))
    #expect(state.tally == StudyTally(notStudied: 1, success: 1, fail: 1))
    #expect(state.visibleWords.map(\.term) == ["오다", "먹다"])
    #expect(state.session.words[Word.ID(1)]?.studyState == .success)
    #expect(state.session.wordsStatus == .loaded)
    #expect(AppState(seed: 7, books: [verbs]).picker == .chooseOne([verbs]))
  }

  @Test func settingTheModeRefiltersTheWords() {
    var state = AppState(seed: 7, books: [verbs], selectedBookID: verbs.id, words: words)
    #expect(state.visibleWords.count == 3)
    state.setStudyMode(.failedOnly)
    #expect(state.visibleWords.map(\.term) == ["오다"])
    #expect(state.invariantViolations == [])
  }

  @Test func aMarkDescribedOnTheWordsKeepsTheTally() {
    var state = AppState(seed: 7, books: [verbs], selectedBookID: verbs.id, words: words)
    state.session.words.setStudyState(.success, of: Word.ID(3))
    state.session.words.setStudyState(.fail, of: Word.ID(99))
    #expect(state.tally == StudyTally(notStudied: 0, success: 2, fail: 1))
    #expect(state.invariantViolations == [])
  }

  @Test func whatAHandBuiltStateBreaksIsNamed() {
    var state = AppState(seed: 7, books: [verbs, verbs], selectedBookID: verbs.id, words: words)
    state.session.backFaces = [Word.ID(42)]
    #expect(
      state.invariantViolations == [
        "two books share an ID",
        "word 42 shows its back but is not in the book",
      ])
    var unselected = AppState(seed: 7, books: [verbs])
    unselected.session.words = WordList(words)
    unselected.startRound()
    #expect(unselected.invariantViolations == ["3 words are shown but no book is selected"])
    // A round started before its words changed names the card it no longer shows.
    unselected.session.words = WordList(Array(words.dropFirst()))
    #expect(
      unselected.invariantViolations.contains("the round's current card 1 is not shown at 0"))
  }

  @Test func theSelectedBooksCountIsItsLoadedWords() {
    var state = AppState(seed: 7, books: [verbs], selectedBookID: verbs.id, words: words)
    #expect(state.list.books[0].wordCount == 3 && state.invariantViolations == [])
    state.list.books[0].wordCount = 9
    #expect(state.invariantViolations == ["the selected book counts 9 words but holds 3"])
  }

  @Test func theSessionsBookIsOneOfTheListsBooks() {
    var state = AppState(seed: 7, books: [verbs, nouns], selectedBookID: verbs.id, words: words)
    #expect(state.session.bookID == verbs.id)
    #expect(state.invariantViolations == [])
    state.list.books.removeAll { $0.id == verbs.id }
    #expect(state.invariantViolations == ["the selected book 1 is not one of the books"])
  }

  @Test func aStateIsComposedOfItsFeaturesStates() {
    let state = AppState(seed: 7, books: [verbs, nouns], selectedBookID: verbs.id, words: words)
    #expect(state.list.books.map(\.id) == [verbs.id, nouns.id])
    #expect(state.list.booksStatus == .loaded)
    #expect(state.session.words.allWords.map(\.id) == words.map(\.id))
    #expect(state.session.wordsStatus == .loaded)
    var session = StudySessionFeature.State(seed: 7)
    #expect(session.bookID == nil && session.words.isEmpty && !session.isSavingWord)
    session.isReversed = true
    var composed = AppState(seed: 7, books: [verbs])
    composed.session = session
    #expect(composed.session.isReversed && composed.invariantViolations == [])
    #expect(WordbookListFeature.State().booksStatus == .notLoaded)
  }

  @Test func theUndoBoundIsPublic() {
    #expect(AppState.undoLimit == 100)
  }
}
