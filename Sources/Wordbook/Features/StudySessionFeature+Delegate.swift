import StoreCore

extension StudySessionFeature {
  /// Tells the parent what the app must do besides: each delegate action, in order, processed
  /// right after the action being applied.
  func tell(_ delegates: Action.Delegate?...) -> Effect<Action> {
    tell(delegates.compactMap { $0 })
  }

  /// Tells the parent what the app must do besides, in order.
  func tell(_ delegates: [Action.Delegate]) -> Effect<Action> {
    .merge(delegates.map { .send(.delegate($0)) })
  }

  /// Opens a book the list chose, in the study mode it was left in; a book opened as
  /// `.loading` asks for its words, which cancels a load started for the book before, and a
  /// new book (`.loaded`) cancels that load here.
  ///
  /// - Returns: What the session starts: a cancellation of the load before, for a new book.
  func open(
    _ bookID: WordBook.ID, status: LoadStatus, mode: StudyMode, in state: inout State
  ) -> Effect<Action> {
    state.open(bookID, status: status, mode: mode)
    return status == .loading ? .none : .cancel(id: EffectKey.words)
  }

  /// Leaves the open book, which the list no longer holds, and cancels a load of its words.
  func leave(in state: inout State) -> Effect<Action> {
    state.deselect()
    return .cancel(id: EffectKey.words)
  }
}
