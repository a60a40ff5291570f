import StoreCore

/// The actions of ``OutsideChangesFeature``: the cases of ``AppAction`` about changes made
/// outside the session, each request beside its answer.
enum OutsideChangesAction: Equatable, Sendable {
  case subscribeToChanges
  case outsideChanges([WordChange])
  case outsideBooksLoaded(Result<[WordBook], WordServiceError>)
  case outsideWordsLoaded(WordBook.ID, Result<[Word], WordServiceError>)
  case unsubscribeFromChanges

  /// The action inside `action` about outside changes, or `nil` for another feature's action.
  init?(_ action: AppAction) {
    switch action {
    case .subscribeToChanges: self = .subscribeToChanges
    case .outsideChanges(let changes): self = .outsideChanges(changes)
    case .outsideBooksLoaded(let result): self = .outsideBooksLoaded(result)
    case .outsideWordsLoaded(let bookID, let result): self = .outsideWordsLoaded(bookID, result)
    case .unsubscribeFromChanges: self = .unsubscribeFromChanges
    default: return nil
    }
  }
}

/// Changes made outside the session, reported by the service's change feed: marks, words and
/// deletions from another session, process or front end.
///
/// Unlike the other features it answers with any ``AppAction``, not only its own: when the
/// feed reports that the book whose words are loading changed, it asks for the words again,
/// and that answer is the wordbook list's ``AppAction/wordsLoaded(_:_:)``.
struct OutsideChangesFeature: Reducer {
  /// The service whose change feed the session follows.
  let service: any WordService

  func reduce(into state: inout AppState, action: AppAction) -> Effect<AppAction> {
    guard let action = OutsideChangesAction(action) else { return .none }
    switch action {
    case .subscribeToChanges:
      // A second subscription replaces the first, so a session never applies a change twice.
      return .run { [service] send in
        for await changes in service.changes() {
          await send(.outsideChanges(changes))
        }
      }
      .cancellable(id: AppReducer.EffectKey.changes, cancelInFlight: true)

    case .outsideChanges(let changes):
      return outsideChanges(changes, in: &state)

    case .outsideBooksLoaded(let result):
      // A failure shows no error: the learner did not ask for the list, and the next change
      // or the next start loads it again.
      guard case .success(let books) = result else { return .none }
      let selected = state.selectedBookID
      state.takeOutsideBooks(books)
      return selected != nil && state.selectedBookID == nil
        ? .cancel(id: AppReducer.EffectKey.words) : .none

    case .outsideWordsLoaded(let bookID, let result):
      // Merges the words into the selected book if it is still the one shown. A failure shows
      // no error, as for the books, unless the book is gone.
      guard bookID == state.selectedBookID, state.wordsStatus == .loaded else { return .none }
      switch result {
      case .success(let words):
        state.mergeOutsideWords(words)
      case .failure(let error):
        if error.kind == .notFound { state.forgetVanishedBook(bookID) }
      }
      return .none

    case .unsubscribeFromChanges:
      return .cancel(id: AppReducer.EffectKey.changes)
    }
  }

  private func outsideChanges(_ changes: [WordChange], in state: inout AppState)
    -> Effect<AppAction>
  {
    let reloads = state.applyOutside(changes)
    var effects: [Effect<AppAction>] = []
    if reloads.books {
      effects.append(
        .run { [service] send in
          await send(
            .outsideBooksLoaded(
              await result { () async throws(WordServiceError) in try await service.fetchBooks() }
            ))
        }
        .cancellable(id: AppReducer.EffectKey.outsideBooks, cancelInFlight: true))
    }
    if reloads.selectedWords, let bookID = state.selectedBookID {
      if state.isReadingWords {
        // The load in flight may have read the book before the change: read it again.
        effects.append(
          WordbookListFeature(service: service).loadWords(of: bookID, in: state).map(\.appAction))
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
          .cancellable(id: AppReducer.EffectKey.outsideWords, cancelInFlight: true))
      }
    }
    return .merge(effects)
  }
}
