@testable import Wordbook

/// Checks the invariants of a Wordbook session after every action, against a small model of
/// what the learner should see that it keeps from the actions alone.
///
/// The model knows which words were shown at the last re-filter (a shuffle, a mode change, a
/// load or a selection) and which were added or deleted since, and how many word saves are in
/// flight. It never reads the reducer's private bookkeeping to decide what is right.
struct InvariantChecker {
  /// The words the learner should see: those the mode allowed at the last re-filter, plus
  /// words added since that the mode allows, minus words deleted since.
  private(set) var shown: Set<Word.ID> = []
  /// The word saves started and not yet answered.
  private(set) var savesInFlight = 0
  /// The words the service deleted: IDs are never reused, so they never show again.
  private(set) var deleted: Set<Word.ID> = []
  /// The reducer used to try undo and redo on a copy of the state.
  let reducer: AppReducer

  /// Updates the model with `action` and returns the first invariant that `after` breaks.
  mutating func check(before: AppState, action: AppAction, after: AppState) -> String? {
    updateModel(before: before, action: action, after: after)
    return structuralViolation(after) ?? modelViolation(after) ?? undoRedoViolation(after)
      ?? unrecordedChange(before: before, after: after)
  }

  /// The first part of the state that changed without `after.changedParts` saying so, when
  /// `before` held no record: an observer of that part would miss the change.
  private func unrecordedChange(before: AppState, after: AppState) -> String? {
    let changed = after.changedParts
    func visible(_ state: AppState) -> [Word.ID] { state.visibleWords.map(\.id) }
    // The session's values, read through its owner once.
    let old = before.session
    let new = after.session
    let compared: [(AppState.Part, Bool)] = [
      (.picker, before.picker != after.picker),
      (.studyMode, old.words.mode != new.words.mode),
      (.search, old.words.searchQuery != new.words.searchQuery),
      (.reversed, old.isReversed != new.isReversed),
      (.tally, before.tally != after.tally),
      (.visibleWords, old.wordsStatus != new.wordsStatus || visible(before) != visible(after)),
      (
        .marks,
        before.canUndo != after.canUndo || before.canRedo != after.canRedo
          || before.hasUnsavedMarks != after.hasUnsavedMarks
          || old.unsavedMarks.count != new.unsavedMarks.count
      ),
      (.editor, old.isSavingWord != new.isSavingWord || old.wordDraft != new.wordDraft),
      (.error, before.lastError != after.lastError),
      (
        .schedule,
        old.schedule.status != new.schedule.status
          || old.schedule.time != new.schedule.time
          || old.schedule.dueCount != new.schedule.dueCount
          || old.schedule.nextDue != new.schedule.nextDue
          || old.schedule.newWordsLeft != new.schedule.newWordsLeft
      ),
    ]
    for (part, differs) in compared where differs && !changed.contains(part) {
      return "\(part) changed but was not recorded"
    }
    let ids = Set(old.words.allWords.map(\.id)).union(new.words.allWords.map(\.id))
    for id in ids.sorted() where !changed.contains(.card(id)) {
      if old.words[id] != new.words[id] || before.face(of: id) != after.face(of: id) {
        return "the card of word \(id) changed but was not recorded"
      }
    }
    return nil
  }

  private mutating func updateModel(before: AppState, action: AppAction, after: AppState) {
    func isShown(_ word: Word, in state: AppState) -> Bool {
      guard state.session.words.mode.includes(word.studyState) else { return false }
      guard let query = state.session.words.searchQuery?.lowercased() else { return true }
      return word.term.lowercased().contains(query) || word.meaning.lowercased().contains(query)
    }
    func refiltered() {
      shown = Set(after.session.words.allWords.filter { isShown($0, in: after) }.map(\.id))
    }
    // However the selection went (a delete, or an answer saying the book is gone), no
    // book shows no word.
    if before.session.bookID != nil, after.session.bookID == nil { shown = [] }
    switch action {
    case .study(.view(.shuffle)), .study(.view(.setStudyMode)), .study(.view(.toggleStudyMode)),
      .study(.view(.setSearchQuery)):
      refiltered()
    case .books(.bookDeleted(let bookID, .success)) where bookID == before.session.bookID:
      shown = []
    case .books(.lastStudiedBookLoaded) where before.session.bookID != after.session.bookID:
      shown = []
    case .study(.wordsLoaded(let bookID, .success)) where bookID == before.session.bookID:
      refiltered()
    case .study(.firstWordsLoaded(let bookID, _)) where bookID == before.session.bookID:
      refiltered()
    case .books(.view(.selectBook(let bookID))) where before.list.books.contains { $0.id == bookID }:
      shown = []
    case .books(.bookCreated(.success)):
      shown = []
    case .books(.booksLoaded(.success(let books))):
      if let selected = before.session.bookID, !books.contains(where: { $0.id == selected }) {
        shown = []
      }
    case .study(.wordSaved(let bookID, let result)):
      savesInFlight = max(0, savesInFlight - 1)
      if case .success(let word) = result, bookID == before.session.bookID,
        before.session.wordsStatus == .loaded, !before.session.words.contains(word.id),
        !deleted.contains(word.id),
        isShown(word, in: before)
      {
        shown.insert(word.id)
      }
    case .study(.wordDeleted(let wordID, .success)):
      shown.remove(wordID)
      deleted.insert(wordID)
    case .study(.view(.editWord(let wordID, let term, _))):
      let blank = term.unicodeScalars.allSatisfy(\.properties.isWhitespace)
      if before.session.words.contains(wordID), savesInFlight == 0, !blank { savesInFlight += 1 }
    case .study(.wordEdited):
      savesInFlight = max(0, savesInFlight - 1)
    case .study(.view(.saveWord(let term, _))):
      let listed = before.session.bookID.map { id in before.list.books.contains { $0.id == id } }
      let blank = term.unicodeScalars.allSatisfy(\.properties.isWhitespace)
      if listed == true, savesInFlight == 0, !blank { savesInFlight += 1 }
    default:
      break
    }
  }

  private func structuralViolation(_ state: AppState) -> String? {
    let words = state.session.words
    let ids = words.allWords.map(\.id)
    let idSet = Set(ids)
    if idSet.count != ids.count { return "the word list holds a word twice: \(ids)" }
    if words.order.sorted() != Array(0..<Int32(words.count)) {
      return "the study order \(words.order) is not a permutation of the \(words.count) words"
    }
    // Due mode shows its words in their own order, most overdue first.
    let shownOrder = words.mode == .due ? words.duePositions : words.order
    var orderIndex = shownOrder.startIndex
    for position in words.visible {
      guard let found = shownOrder[orderIndex...].firstIndex(of: position) else {
        return "the visible words \(words.visible) are not in the order \(shownOrder)"
      }
      orderIndex = found + 1
    }
    var tally = StudyTally()
    for word in words.allWords { tally[word.studyState] += 1 }
    if tally != words.tally { return "the tally \(words.tally) does not count the words" }
    if let stray = state.session.backFaces.first(where: { !idSet.contains($0) }) {
      return "the card of word \(stray) is turned over but the word is not in the list"
    }
    if let stray = state.session.unsavedMarks.keys.first(where: { !idSet.contains($0) }) {
      return "word \(stray) has an unsaved mark but is not in the list"
    }
    let history = state.session.serviceSync.undoHistory
    let steps = history.undoSteps + history.redoSteps
    if let stray = steps.first(where: { !idSet.contains($0.wordID) }) {
      return "undo history holds a mark of word \(stray.wordID), which is not in the list"
    }
    if let selected = state.session.bookID, !state.list.books.contains(where: { $0.id == selected })
    {
      return "the selection \(selected) is not a listed book"
    }
    if words.count > 0, state.session.bookID == nil {
      return "words are shown but no book is selected"
    }
    return nil
  }

  private func modelViolation(_ state: AppState) -> String? {
    let visibleWords = state.visibleWords
    let visible = visibleWords.indices.map { visibleWords.id(at: $0) }
    // Due mode's words come from the schedule the service reads, which the actions alone do
    // not tell; `RatingAndDueModeTests` checks which words it shows.
    if state.session.words.mode == .due {
      return Set(visible).isSubset(of: state.session.words.allWords.map(\.id))
        ? nil : "Due mode shows words the list does not hold"
    }
    if Set(visible) != shown || visible.count != shown.count {
      return "visible words \(visible.map(\.rawValue)) but the mode allowed "
        + "\(shown.map(\.rawValue).sorted()) at the last re-filter"
    }
    if state.session.isSavingWord != (savesInFlight > 0) {
      return "isSavingWord is \(state.session.isSavingWord) with \(savesInFlight) save(s) in flight"
    }
    return nil
  }

  private func undoRedoViolation(_ state: AppState) -> String? {
    let states = state.session.words.allWords.map { "\($0.id):\($0.studyState)" }
    if state.canUndo {
      var probe = state
      reducer.apply(.study(.view(.undo)), to: &probe)
      reducer.apply(.study(.view(.redo)), to: &probe)
      let after = probe.session.words.allWords.map { "\($0.id):\($0.studyState)" }
      if after != states
        || probe.session.serviceSync.undoHistory != state.session.serviceSync.undoHistory
      {
        return "undo then redo changed the study states from \(states) to \(after)"
      }
    }
    if state.canRedo {
      var probe = state
      reducer.apply(.study(.view(.redo)), to: &probe)
      reducer.apply(.study(.view(.undo)), to: &probe)
      let after = probe.session.words.allWords.map { "\($0.id):\($0.studyState)" }
      if after != states
        || probe.session.serviceSync.undoHistory != state.session.serviceSync.undoHistory
      {
        return "redo then undo changed the study states from \(states) to \(after)"
      }
    }
    return nil
  }
}
