import StoreCore

extension AppState: PartTrackingState {
  /// A part of the state that a front end can observe on its own, through
  /// `Store.observe(_:_:)` or, for SwiftUI, `Store.read(_:body:)`.
  ///
  /// ```swift
  /// store.observe([.tally, .card(word.id)]) { redraw(word.id) }
  /// ```
  ///
  /// A mark changes its word's ``card(_:)`` and the ``tally``, and no other part unless undo
  /// or redo become possible (``marks``); loading or selecting a book changes everything.
  public enum Part: Hashable, Sendable {
    /// ``AppState/picker``: the books, their loading status and the selection.
    case picker
    /// ``AppState/studyMode``.
    case studyMode
    /// ``AppState/searchQuery``.
    case search
    /// ``AppState/isReversed``.
    case reversed
    /// ``AppState/tally``.
    case tally
    /// Which words ``AppState/visibleWords`` holds and in what order, and
    /// ``AppState/wordsStatus``.
    case visibleWords
    /// One word: its term, meaning and study state, and its card's ``AppState/face(of:)``.
    case card(Word.ID)
    /// ``AppState/canUndo``, ``AppState/canRedo``, ``AppState/hasUnsavedMarks`` and how many
    /// ``AppState/unsavedMarks`` there are.
    case marks
    /// The word editor: ``AppState/isSavingWord`` and ``AppState/wordDraft``.
    case editor
    /// ``AppState/lastError``.
    case error
    /// What Due mode says of ``AppState/schedule``: its status, time, due count, next due
    /// time and new words left.
    case schedule
    /// ``AppState/round``: its current card, what is left, and what was known and missed.
    case round
  }

  /// The parts small enough to compare before and after every action, rather than record at
  /// each place that changes them.
  struct ComparedParts: Equatable {
    /// The word list's identity: a new list (a book loaded, selected or left) changed every
    /// part.
    var wordList: WordList.Identity
    /// The whole list's state: any change of it changes the picker.
    var list: WordbookListFeature.State
    var backFaces: Set<Word.ID>
    var studyMode: StudyMode
    var searchQuery: String?
    var isReversed: Bool
    var tally: StudyTally
    var wordsStatus: LoadStatus
    var canUndo: Bool
    var canRedo: Bool
    var hasUnsavedMarks: Bool
    var unsavedMarkCount: Int
    var isSavingWord: Bool
    var wordDraft: WordDraft?
    var lastError: AppError?
    var scheduleStatus: LoadStatus
    var scheduleTime: Timestamp?
    var dueCount: Int
    var nextDue: Timestamp?
    var newWordsLeft: Int
    var round: StudyRound
  }

  var comparedParts: ComparedParts {
    ComparedParts(
      wordList: words.identity, list: list, backFaces: backFaces, studyMode: studyMode,
      searchQuery: searchQuery,
      isReversed: isReversed, tally: tally,
      wordsStatus: wordsStatus, canUndo: canUndo,
      canRedo: canRedo, hasUnsavedMarks: hasUnsavedMarks, unsavedMarkCount: unsavedMarks.count,
      isSavingWord: isSavingWord,
      wordDraft: wordDraft, lastError: lastError, scheduleStatus: schedule.status,
      scheduleTime: schedule.time, dueCount: schedule.dueCount, nextDue: schedule.nextDue,
      newWordsLeft: schedule.newWordsLeft, round: round)
  }

  /// Records the parts that changed since `before`: every part when the word list was
  /// replaced, else the compared parts that differ, the cards whose face turned, and what the
  /// word list says its mutations touched.
  mutating func recordChanges(since before: ComparedParts) {
    let listChanges = words.takeChanges()
    if listChanges.includesEveryWord || words.identity != before.wordList {
      changedParts.insertEverything()
    }
    for wordID in listChanges.words { changedParts.insert(.card(wordID)) }
    if listChanges.visibleWords { changedParts.insert(.visibleWords) }
    let after = comparedParts
    guard after != before else { return }
    if after.backFaces != before.backFaces {
      for wordID in after.backFaces.symmetricDifference(before.backFaces) {
        changedParts.insert(.card(wordID))
      }
    }
    if after.list != before.list { changedParts.insert(.picker) }
    if after.studyMode != before.studyMode { changedParts.insert(.studyMode) }
    if after.searchQuery != before.searchQuery { changedParts.insert(.search) }
    if after.isReversed != before.isReversed { changedParts.insert(.reversed) }
    if after.tally != before.tally { changedParts.insert(.tally) }
    if after.wordsStatus != before.wordsStatus { changedParts.insert(.visibleWords) }
    if after.canUndo != before.canUndo || after.canRedo != before.canRedo
      || after.hasUnsavedMarks != before.hasUnsavedMarks
      || after.unsavedMarkCount != before.unsavedMarkCount
    {
      changedParts.insert(.marks)
    }
    if after.isSavingWord != before.isSavingWord || after.wordDraft != before.wordDraft {
      changedParts.insert(.editor)
    }
    if after.lastError != before.lastError { changedParts.insert(.error) }
    if after.scheduleStatus != before.scheduleStatus || after.scheduleTime != before.scheduleTime
      || after.dueCount != before.dueCount || after.nextDue != before.nextDue
      || after.newWordsLeft != before.newWordsLeft
    {
      changedParts.insert(.schedule)
    }
    if after.round != before.round { changedParts.insert(.round) }
  }
}
