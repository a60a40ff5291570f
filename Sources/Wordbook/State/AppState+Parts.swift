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
    /// The study mode: the ``WordList/mode`` of the session's ``StudySessionFeature/State/words``.
    case studyMode
    /// The search: the ``WordList/searchQuery`` of the session's words.
    case search
    /// ``StudySessionFeature/State/isReversed``.
    case reversed
    /// ``AppState/tally``.
    case tally
    /// Which words ``AppState/visibleWords`` holds and in what order, and
    /// ``StudySessionFeature/State/wordsStatus``.
    case visibleWords
    /// One word: its term, meaning and study state, and its card's ``AppState/face(of:)``.
    case card(Word.ID)
    /// ``AppState/canUndo``, ``AppState/canRedo``, ``AppState/hasUnsavedMarks`` and how many
    /// ``StudySessionFeature/State/unsavedMarks`` there are.
    case marks
    /// The word editor: ``StudySessionFeature/State/isSavingWord`` and
    /// ``StudySessionFeature/State/wordDraft``.
    case editor
    /// ``AppState/lastError``.
    case error
    /// What Due mode says of ``StudySessionFeature/State/schedule``: its status, time, due count, next due
    /// time and new words left.
    case schedule
    /// ``StudySessionFeature/State/round``: its current card, what is left, and what was known and missed.
    case round
  }

  /// The values observers read before an action, each field belonging to one part, compared
  /// field by field with the values after it; the session's words (which report their own
  /// changes, see ``WordList``) are too big to compare, so only their identity is kept: a new
  /// list (a book loaded, selected or left) changed every part. `ObservedFieldsTests` checks
  /// that each stored field of the state is compared here or reported by the words, so a new
  /// field is observed or the tests fail.
  struct ComparedParts {
    /// What ``Part/marks`` shows.
    struct Marks: Equatable {
      var canUndo: Bool
      var canRedo: Bool
      var hasUnsavedMarks: Bool
      var unsavedCount: Int
    }

    /// What ``Part/editor`` shows.
    struct Editor: Equatable {
      var isSavingWord: Bool
      var wordDraft: WordDraft?
    }

    /// What ``Part/schedule`` shows of the session's schedule.
    struct Schedule: Equatable {
      var status: LoadStatus
      var time: Timestamp?
      var dueCount: Int
      var nextDue: Timestamp?
      var newWordsLeft: Int
    }

    var wordList: WordList.Identity
    /// The cards turned to their back: a card whose face turned changed its ``Part/card(_:)``.
    var backFaces: Set<Word.ID>
    var picker: WordbookListFeature.State
    var studyMode: StudyMode
    var search: String?
    var reversed: Bool
    var tally: StudyTally
    var visibleWords: LoadStatus
    var marks: Marks
    var editor: Editor
    var error: AppError?
    var schedule: Schedule
    var round: StudyRound
  }

  /// The values of ``ComparedParts`` now.
  var comparedParts: ComparedParts {
    ComparedParts(
      wordList: session.words.identity, backFaces: session.backFaces, picker: list,
      studyMode: session.words.mode, search: session.words.searchQuery,
      reversed: session.isReversed, tally: tally, visibleWords: session.wordsStatus,
      marks: ComparedParts.Marks(
        canUndo: canUndo, canRedo: canRedo, hasUnsavedMarks: hasUnsavedMarks,
        unsavedCount: session.unsavedMarks.count),
      editor: ComparedParts.Editor(
        isSavingWord: session.isSavingWord, wordDraft: session.wordDraft),
      error: lastError,
      schedule: ComparedParts.Schedule(
        status: session.schedule.status, time: session.schedule.time,
        dueCount: session.schedule.dueCount, nextDue: session.schedule.nextDue,
        newWordsLeft: session.schedule.newWordsLeft),
      round: session.round)
  }

  /// Records the parts that changed since `before`: every part when the word list was
  /// replaced, else the observed values that differ, the cards whose face turned, and what
  /// the word list says its mutations touched.
  mutating func recordChanges(since before: ComparedParts) {
    let listChanges = session.words.takeChanges()
    if listChanges.includesEveryWord || session.words.identity != before.wordList {
      changedParts.insertEverything()
    }
    for wordID in listChanges.words { changedParts.insert(.card(wordID)) }
    if listChanges.visibleWords { changedParts.insert(.visibleWords) }
    guard !changedParts.includesEverything else { return }
    let now = comparedParts
    if now.backFaces != before.backFaces {
      for wordID in now.backFaces.symmetricDifference(before.backFaces) {
        changedParts.insert(.card(wordID))
      }
    }
    if now.picker != before.picker { changedParts.insert(.picker) }
    if now.studyMode != before.studyMode { changedParts.insert(.studyMode) }
    if now.search != before.search { changedParts.insert(.search) }
    if now.reversed != before.reversed { changedParts.insert(.reversed) }
    if now.tally != before.tally { changedParts.insert(.tally) }
    if now.visibleWords != before.visibleWords { changedParts.insert(.visibleWords) }
    if now.marks != before.marks { changedParts.insert(.marks) }
    if now.editor != before.editor { changedParts.insert(.editor) }
    if now.error != before.error { changedParts.insert(.error) }
    if now.schedule != before.schedule { changedParts.insert(.schedule) }
    if now.round != before.round { changedParts.insert(.round) }
  }
}
