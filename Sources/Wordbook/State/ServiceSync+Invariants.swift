extension ServiceSync {
  /// The invariants the bookkeeping breaks, one sentence each; empty when it is consistent.
  ///
  /// The marks and ratings on their way form one write in flight and a queue behind it, with the saved
  /// state of each of their words kept for a failed batch; the undo history is bounded and
  /// names only words of the book; changes seen during a load are held only while a load is
  /// in flight or after it failed (the next choice of a book clears them); no request for a
  /// book's words outlives the action that made it.
  ///
  /// - Parameters:
  ///   - words: The selected book's words.
  ///   - wordsStatus: How far loading them got.
  /// - Complexity: O(*m* + *s*) in the number of marks on their way and undo steps.
  func invariantViolations(words: WordList, wordsStatus: LoadStatus) -> [String] {
    var violations = writes.invariantViolations
    let steps = undoHistory.undoSteps + undoHistory.redoSteps
    if undoHistory.undoSteps.count > AppState.undoLimit
      || undoHistory.redoSteps.count > AppState.undoLimit
    {
      violations.append("the undo history holds more than \(AppState.undoLimit) steps")
    }
    if let stray = steps.first(where: { !words.contains($0.wordID) }) {
      violations.append("the undo history holds a mark of word \(stray.wordID), not in the book")
    }
    if (wordsStatus == .loaded && !isLoadingRestOfBook) || wordsStatus == .notLoaded,
      changesDuringLoad != ChangesDuringLoad()
    {
      violations.append("changes made during a load are kept while no load is in flight")
    }
    if let wordsRequest {
      violations.append("the words of book \(wordsRequest) were asked for but never loaded")
    }
    return violations
  }
}

extension StudyWrites {
  /// What breaks the writes' bookkeeping.
  fileprivate var invariantViolations: [String] {
    var violations: [String] = []
    let writes = [inFlight].compactMap { $0 } + queued
    if writes.contains(where: { $0.changes.isEmpty }) {
      violations.append("an empty batch of marks is on its way")
    }
    if inFlight == nil, !queued.isEmpty {
      violations.append("\(queued.count) writes wait behind no write in flight")
    }
    if Set(confirmed.keys) != Set(writes.flatMap(\.changes).map(\.wordID)) {
      violations.append(
        "the saved states kept for undoing a failed write are not those on their way")
    }
    return violations
  }
}
