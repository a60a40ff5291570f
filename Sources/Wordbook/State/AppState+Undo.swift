extension AppState {
  /// The most marks ``StudySessionFeature/Action/View/undo`` can step back over: the oldest mark
  /// beyond them is forgotten when a new one is made. The steps hold the change, never a copy of
  /// the words, so the bound caps a few kilobytes, not a book.
  public static let undoLimit = 100

  /// The change ``StudySessionFeature/Action/View/undo`` would make: the word whose mark it steps
  /// back over and the state it gives back, or `nil` when there is nothing to undo.
  ///
  /// A front end names the card before it sends the action, so a learner who deleted a word
  /// and then undoes sees which older mark went instead (a deletion itself is never undone).
  public var nextUndo: StudyStateChange? {
    session.serviceSync.undoHistory.undoSteps.last.map {
      StudyStateChange(wordID: $0.wordID, state: $0.from)
    }
  }

  /// The change ``StudySessionFeature/Action/View/redo`` would make, or `nil` when there is nothing
  /// to redo.
  public var nextRedo: StudyStateChange? {
    session.serviceSync.undoHistory.redoSteps.last.map {
      StudyStateChange(wordID: $0.wordID, state: $0.to)
    }
  }
}
