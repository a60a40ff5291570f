import StoreCore

/// Changes made outside the session, reported by the service's change feed.
extension AppReducer {
  /// Listens to the service's change feed until ``AppAction/unsubscribeFromChanges``; a
  /// second subscription replaces the first, so a session never applies a change twice.
  func subscribeToChanges() -> Effect<AppAction> {
    .run { [service] send in
      for await changes in service.changes() {
        await send(.outsideChanges(changes))
      }
    }
    .cancellable(id: EffectKey.changes, cancelInFlight: true)
  }

  func outsideChanges(_ changes: [WordChange], in state: inout AppState) -> Effect<AppAction> {
    let reloads = state.applyOutside(changes)
    var effects: [Effect<AppAction>] = []
    if reloads.books {
      effects.append(
        .run { [service] send in
          await send(
            .outsideBooksLoaded(
              await result { () async throws(WordServiceError) in
                try await service.fetchBooks()
              }))
        }
        .cancellable(id: EffectKey.outsideBooks, cancelInFlight: true))
    }
    if reloads.selectedWords, let bookID = state.selectedBookID {
      if state.wordsStatus == .loading {
        // The load in flight may have read the book before the change: read it again.
        effects.append(loadWords(of: bookID))
      } else if state.wordsStatus == .loaded {
        effects.append(
          .run { [service] send in
            await send(
              .outsideWordsLoaded(
                bookID,
                await result { () async throws(WordServiceError) in
                  try await service.fetchWords(in: bookID)
                }))
          }
          .cancellable(id: EffectKey.outsideWords, cancelInFlight: true))
      }
    }
    return .merge(effects)
  }

  /// Takes the books loaded again. A failure shows no error: the learner did not ask for the
  /// list, and the next change or the next start loads it again.
  func outsideBooksLoaded(
    _ result: Result<[WordBook], WordServiceError>, in state: inout AppState
  ) -> Effect<AppAction> {
    guard case .success(let books) = result else { return .none }
    let selected = state.selectedBookID
    state.takeOutsideBooks(books)
    return selected != nil && state.selectedBookID == nil ? .cancel(id: EffectKey.words) : .none
  }

  /// Merges the words loaded again into the selected book, if it is still the one shown. A
  /// failure shows no error, as for the books, unless the book is gone.
  func outsideWordsLoaded(
    _ bookID: WordBook.ID, _ result: Result<[Word], WordServiceError>, in state: inout AppState
  ) -> Effect<AppAction> {
    guard bookID == state.selectedBookID, state.wordsStatus == .loaded else { return .none }
    switch result {
    case .success(let words):
      state.mergeOutsideWords(words)
    case .failure(let error):
      if error.kind == .notFound { state.forgetVanishedBook(bookID) }
    }
    return .none
  }
}
