/// The marks that undo and redo can step through: the inverse of each change, never a copy of
/// the state, and at most ``AppState/undoLimit`` of them.
struct UndoHistory: Hashable, Sendable, Codable {
  /// One change of a word's study state, with the review a rating recorded beside it: undo
  /// removes that review, redo records it again.
  struct Step: Hashable, Sendable, Codable {
    var wordID: Word.ID
    var from: StudyState
    var to: StudyState
    var review: Review?
  }

  /// The most steps kept; older ones are forgotten.
  static var limit: Int { AppState.undoLimit }

  private(set) var undoSteps: [Step] = []
  private(set) var redoSteps: [Step] = []

  /// Records a new change; it clears the redo steps.
  mutating func record(_ step: Step) {
    if undoSteps.count == Self.limit { undoSteps.removeFirst() }
    undoSteps.append(step)
    redoSteps.removeAll()
  }

  mutating func popUndo() -> Step? {
    guard let step = undoSteps.popLast() else { return nil }
    redoSteps.append(step)
    return step
  }

  mutating func popRedo() -> Step? {
    guard let step = redoSteps.popLast() else { return nil }
    undoSteps.append(step)
    return step
  }

  /// Forgets that the newest step of `wordID` recorded a review, which the service refused:
  /// undoing it must not remove the review before.
  mutating func forgetReview(of wordID: Word.ID) {
    if let index = undoSteps.lastIndex(where: { $0.wordID == wordID }) {
      undoSteps[index].review = nil
    }
  }

  /// Forgets every step about `wordID`, as when the word was deleted.
  mutating func forget(_ wordID: Word.ID) {
    undoSteps.removeAll { $0.wordID == wordID }
    redoSteps.removeAll { $0.wordID == wordID }
  }
}
