extension WordList {
  /// Sets the mark of the word with `id` and keeps the tally in step, leaving the visible
  /// words as they are, as marking does in a session: for describing an expected state in a
  /// test step. A word the list does not hold is ignored.
  ///
  /// - Parameters:
  ///   - state: The new study state.
  ///   - id: The word.
  /// - Complexity: O(1).
  public mutating func setStudyState(_ state: StudyState, of id: Word.ID) {
    guard let position = position(of: id) else { return }
    setState(state, at: position)
  }
}
