import StoreCore

/// Renaming and deleting wordbooks, and reopening the book studied last.
extension AppReducer {
  func renameBook(_ bookID: WordBook.ID, to title: String, in state: inout AppState)
    -> Effect<AppAction>
  {
    guard state.books.contains(where: { $0.id == bookID }) else {
      state.lastError = .unknownBook(bookID)
      return .none
    }
    guard !title.trimmingWhitespace().isEmpty else {
      state.lastError = .blankTitle
      return .none
    }
    return .run { [service] send in
      await send(
        .bookRenamed(
          await result { () async throws(WordServiceError) in
            try await service.renameBook(bookID, to: title)
          }))
    }
  }

  func bookRenamed(_ result: Result<WordBook, WordServiceError>, in state: inout AppState) {
    switch result {
    case .success(let book):
      // The list keeps its own word count, which marks and saves keep current; only the
      // title is the service's news. A book deleted since stays deleted.
      if let index = state.books.firstIndex(where: { $0.id == book.id }) {
        state.books[index].title = book.title
      }
    case .failure(let error):
      state.lastError = .service(error)
    }
  }

  func deleteBook(_ bookID: WordBook.ID, in state: inout AppState) -> Effect<AppAction> {
    guard state.books.contains(where: { $0.id == bookID }) else {
      state.lastError = .unknownBook(bookID)
      return .none
    }
    return .run { [service] send in
      await send(
        .bookDeleted(
          bookID,
          await result { () async throws(WordServiceError) in
            try await service.deleteBook(bookID)
            return bookID
          }))
    }
  }

  func bookDeleted(
    _ bookID: WordBook.ID, _ result: Result<WordBook.ID, WordServiceError>,
    in state: inout AppState
  ) -> Effect<AppAction> {
    if case .failure(let error) = result {
      state.lastError = .service(error)
      return .none
    }
    state.deletedBookIDs.insert(bookID)
    state.books.removeAll { $0.id == bookID }
    guard state.selectedBookID == bookID else { return .none }
    state.deselect()
    return .cancel(id: EffectKey.words)
  }

  /// Asks the service which book was studied last, for ``AppAction/lastStudiedBookLoaded(_:)``.
  func askLastStudiedBook() -> Effect<AppAction> {
    .run { [service] send in
      await send(
        .lastStudiedBookLoaded(
          await result { () async throws(WordServiceError) in
            try await service.lastStudiedBook()
          }))
    }
  }

  /// Reopens the book studied last, unless the learner chose a book meanwhile.
  ///
  /// A failure shows no error: reopening the last book is a convenience, and the picker still
  /// offers every book.
  func lastStudiedBookLoaded(
    _ result: Result<WordBook.ID?, WordServiceError>, in state: inout AppState
  ) -> Effect<AppAction> {
    state.isReopeningLastBook = false
    guard case .success(let bookID?) = result, state.selectedBookID == nil,
      state.books.contains(where: { $0.id == bookID })
    else { return .none }
    state.select(bookID, status: .loading)
    return loadWords(of: bookID)
  }

  /// Tells the service the learner studies `bookID`, so the next session reopens it.
  ///
  /// Its answer is not an action and a failure is not shown: the learner can study without
  /// it, and an error about a convenience would only distract. Replaying a log therefore
  /// never needs it.
  func rememberStudied(_ bookID: WordBook.ID) -> Effect<AppAction> {
    .run { [service] _ in
      try? await service.setLastStudiedBook(bookID)
    }
  }
}
