import StoreTesting
import Testing

@testable import Wordbook

/// The bookkeeping that keeps a session in step with the service: its rules, and the
/// invariants a state checks with it.
@Suite struct ServiceSyncTests {
  let verbs = WordBook(id: WordBook.ID(1), title: "Verbs", wordCount: 0)
  let words = [
    Word(id: Word.ID(1), term: "가다", meaning: "to go"),
    Word(id: Word.ID(2), term: "오다", meaning: "to come"),
  ]

  @Test func aDeletedWordLosesItsQueuedMarkAndItsUndoSteps() {
    var sync = ServiceSync()
    let first = sync.recordMark(
      wordID: Word.ID(1), from: .notStudied, to: .success, recordsHistory: true)
    #expect(first == .marks([StudyStateChange(wordID: Word.ID(1), state: .success)]))
    // The second mark waits behind the batch in flight.
    #expect(
      sync.recordMark(wordID: Word.ID(2), from: .notStudied, to: .fail, recordsHistory: true)
        == nil)
    sync.recordDeletedWord(Word.ID(2), whileLoading: false)
    #expect(sync.marksOnTheirWay == [Word.ID(1): .success])
    #expect(sync.undoHistory.undoSteps.map(\.wordID) == [Word.ID(1)])
    #expect(sync.deletedWordIDs == [Word.ID(2)])
    #expect(sync.invariantViolations(words: WordList(words), wordsStatus: .loaded) == [])
  }

  @Test func aFailedBatchForgetsTheUndoStepsOfTheWordsItPutsBack() {
    var sync = ServiceSync()
    _ = sync.recordMark(wordID: Word.ID(1), from: .fail, to: .success, recordsHistory: true)
    let settled = sync.settleWrite(saved: false, whileLoading: false)
    #expect(settled.attempted == .marks([StudyStateChange(wordID: Word.ID(1), state: .success)]))
    #expect(settled.reverts == [StudyStateChange(wordID: Word.ID(1), state: .fail)])
    #expect(settled.next == nil)
    #expect(sync.undoHistory.undoSteps.isEmpty)
    #expect(sync.marksOnTheirWay.isEmpty)
  }

  @Test func marksSavedDuringALoadReachTheLoadedWordsOnce() {
    var sync = ServiceSync()
    _ = sync.recordMark(wordID: Word.ID(1), from: .notStudied, to: .success, recordsHistory: true)
    _ = sync.settleWrite(saved: true, whileLoading: true)
    let loaded = sync.takeLoadedWords(words)
    #expect(loaded.map(\.studyState) == [.success, .notStudied])
    // Taken once: the next load sees the service's words as they are.
    #expect(sync.takeLoadedWords(words) == words)
    #expect(sync.undoHistory.undoSteps.isEmpty)
  }

  @Test func leavingABookDropsTheMarksOfItsWordsStillWaiting() {
    var sync = ServiceSync()
    _ = sync.recordMark(wordID: Word.ID(1), from: .notStudied, to: .success, recordsHistory: true)
    _ = sync.recordMark(wordID: Word.ID(2), from: .notStudied, to: .fail, recordsHistory: true)
    sync.leaveBook(showing: WordList(words))
    // The batch in flight stays until the service answers; the queued mark goes.
    #expect(sync.marksOnTheirWay == [Word.ID(1): .success])
    #expect(sync.undoHistory.undoSteps.isEmpty)
  }

  @Test func anUndoStepOfAWordNotInTheBookIsNamed() {
    var state = AppState(seed: 7, books: [verbs], selectedBookID: verbs.id, words: words)
    _ = state.session.serviceSync.recordMark(
      wordID: Word.ID(42), from: .notStudied, to: .success, recordsHistory: true)
    #expect(
      state.invariantViolations == [
        "the undo history holds a mark of word 42, not in the book"
      ])
  }

  @Test func changesKeptFromALoadThatEndedAreNamed() {
    var state = AppState(seed: 7, books: [verbs], selectedBookID: verbs.id, words: words)
    state.session.serviceSync.recordSavedDuringLoad(
      Word(id: Word.ID(3), term: "먹다", meaning: "to eat"))
    #expect(
      state.invariantViolations == [
        "changes made during a load are kept while no load is in flight"
      ])
    state.session.wordsStatus = .loading
    #expect(state.invariantViolations == [])
  }

  @Test func theBookkeepingIsLeftOutOfEqualityAndDumps() {
    var marked = AppState(seed: 7, books: [verbs], selectedBookID: verbs.id, words: words)
    _ = marked.session.serviceSync.recordMark(
      wordID: Word.ID(1), from: .notStudied, to: .success, recordsHistory: true)
    marked.list.forget(WordBook.ID(9))
    let described = AppState(seed: 7, books: [verbs], selectedBookID: verbs.id, words: words)
    #expect(described == marked)
    #expect(marked.canUndo && marked.hasUnsavedMarks && !described.canUndo)
    #expect(textDump(of: marked) == textDump(of: described))
    #expect(!textDump(of: marked).contains("serviceSync"))
    #expect(!textDump(of: marked).contains("deletedBookIDs"))
    #expect(!textDump(of: marked).contains("changedParts"))
  }
}
