extension Word {
  /// Takes what an imported duplicate row adds to this card under `DuplicatePolicy.update`:
  /// its study state when it records `success` or `fail`, and its image when it has one.
  ///
  /// A row that says `notStudied` may just be from a file that records no state, so it never
  /// clears the learner's mark.
  ///
  /// - Returns: Whether the card changed.
  package mutating func update(from draft: WordDraft) -> Bool {
    let before = self
    if draft.studyState != .notStudied { studyState = draft.studyState }
    if let image = draft.imageReference { imageReference = image }
    return self != before
  }
}
