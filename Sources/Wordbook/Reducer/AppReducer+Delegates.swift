import StoreCore

extension AppReducer {
  /// Does what the wordbook list asked: shows its error, and has the study session open the
  /// chosen book or leave one the list no longer holds.
  func reduce(
    into state: inout AppState, list delegate: WordbookListFeature.Action.Delegate
  ) -> Effect<AppAction> {
    switch delegate {
    case .showError(let error):
      state.lastError = error
      return .none

    case .openBook(let bookID, let status):
      return open(bookID, status: status, in: &state)

    case .reopenBook(let bookID):
      guard state.session.bookID == nil else { return .none }
      return open(bookID, status: .loading, in: &state)

    case .booksLoaded:
      let left = leaveUnlistedBook(forgetting: false, in: &state)
      guard state.session.bookID == nil else { return left }
      return .merge(left, list.reopenLastBook(in: &state.list).map(AppAction.books))

    case .outsideBooksLoaded:
      return leaveUnlistedBook(forgetting: true, in: &state)

    case .bookDeleted(let bookID):
      guard state.session.bookID == bookID else { return .none }
      return session.leave(in: &state.session).map(AppAction.study)
    }
  }

  /// Does what the study session asked: shows its error, drops from the list a book the
  /// service no longer holds, counts a word saved to a book whose words are not all shown,
  /// keeps the mode a book was left in, and loads the books again after a change elsewhere.
  func reduce(
    into state: inout AppState, session delegate: StudySessionFeature.Action.Delegate
  ) -> Effect<AppAction> {
    switch delegate {
    case .showError(let error):
      state.lastError = error
      return .none

    case .bookVanished(let bookID):
      state.list.forget(bookID)
      guard state.session.bookID == bookID else { return .none }
      return session.leave(in: &state.session).map(AppAction.study)

    case .wordAdded(let bookID):
      if let index = state.list.books.firstIndex(where: { $0.id == bookID }) {
        state.list.books[index].wordCount += 1
      }
      return .none

    case .studyModeChosen(let mode, let bookID):
      if let index = state.list.books.firstIndex(where: { $0.id == bookID }) {
        state.list.books[index].studyMode = mode
      }
      return .none

    case .booksChangedElsewhere:
      return list.loadOutsideBooks().map(AppAction.books)
    }
  }

  /// Opens a book of the list in the study session, in the mode the book was left in.
  private func open(
    _ bookID: WordBook.ID, status: LoadStatus, in state: inout AppState
  ) -> Effect<AppAction> {
    let mode = state.list.books.first { $0.id == bookID }?.studyMode ?? .all
    return session.open(bookID, status: status, mode: mode, in: &state.session)
      .map(AppAction.study)
  }

  /// Leaves the open book when the list loaded no longer holds it, forgetting it for the
  /// session when the list was loaded after a change elsewhere.
  private func leaveUnlistedBook(forgetting: Bool, in state: inout AppState) -> Effect<AppAction> {
    guard let bookID = state.session.bookID,
      !state.list.books.contains(where: { $0.id == bookID })
    else { return .none }
    if forgetting { state.list.forget(bookID) }
    return session.leave(in: &state.session).map(AppAction.study)
  }
}
