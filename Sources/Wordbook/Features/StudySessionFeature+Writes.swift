import StoreCore

extension StudySessionFeature {
  /// Marks a word of the open book and saves the mark, or tells the parent to show that the
  /// word is not in it.
  func mark(
    _ studyState: StudyState, _ wordID: Word.ID, recordsHistory: Bool = true,
    in state: inout State
  ) -> Effect<Action> {
    guard state.words.contains(wordID) else { return tell(.showError(.unknownWord(wordID))) }
    return save(state.mark(studyState, wordID: wordID, recordsHistory: recordsHistory))
  }

  /// Rates a word of the open book and saves the rating, or tells the parent to show that the
  /// word is not in it.
  func rate(
    _ wordID: Word.ID, _ review: Review, recordsHistory: Bool = true, in state: inout State
  ) -> Effect<Action> {
    guard state.words.contains(wordID) else { return tell(.showError(.unknownWord(wordID))) }
    return save(state.rate(wordID, review, recordsHistory: recordsHistory))
  }

  /// Takes the service's answer to the write in flight and sends the next; a failure of that
  /// write is shown.
  func settle(_ answer: StudySessionFeature.State.WriteAnswer, in state: inout State)
    -> Effect<Action>
  {
    let settled = state.settle(answer)
    return .merge(save(settled.next), tell(settled.error.map { .showError(.service($0)) }))
  }
}
