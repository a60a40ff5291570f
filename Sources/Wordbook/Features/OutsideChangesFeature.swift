import StoreCore

/// Changes made outside the session, reported by the service's change feed: marks, words and
/// deletions from another session, process or front end.
///
/// The news belongs to the two features that own what it changes: the list's books and the
/// session's words. So this feature alone runs on the whole ``AppState``, and changes it only
/// through the list's and the session's own methods; what they ask of the app meanwhile is
/// carried out as for their own actions. When the feed reports that the book whose words are
/// loading changed, it asks for the words again, which the study session loads.
public struct OutsideChangesFeature: Reducer {
  /// What happens about changes made outside the session: what a front end asks, and the
  /// service's reports and answers.
  public enum Action: Equatable, Sendable {
    /// What a front end sends.
    case view(View)
    /// The service reported changes made by another session, process or front end (or by
    /// this session, which finds them already applied); see ``WordService/changes()``.
    case outsideChanges([WordChange])
    /// The service answered the list of books loaded again after ``outsideChanges(_:)``.
    case outsideBooksLoaded(Result<[WordBook], WordServiceError>)
    /// The service answered the words of the selected book, loaded again after
    /// ``outsideChanges(_:)`` reported too many changes to list.
    case outsideWordsLoaded(WordBook.ID, Result<[Word], WordServiceError>)

    /// What a front end asks about outside changes.
    public enum View: Equatable, Sendable, Codable {
      /// Apply the changes the service reports from now on, as ``Action/outsideChanges(_:)``,
      /// until ``unsubscribeFromChanges``; a front end sends it once when it starts.
      case subscribeToChanges
      /// Stop applying the changes the service reports.
      case unsubscribeFromChanges
    }
  }

  /// The service whose change feed the session follows.
  public let service: any WordService

  /// Creates the feature.
  ///
  /// - Parameter service: The service whose change feed the session follows.
  public init(service: any WordService) {
    self.service = service
  }

  /// Applies `action` to the state, asking the service for what it needs.
  public func reduce(into state: inout AppState, action: Action) -> Effect<Action> {
    switch action {
    case .view(.subscribeToChanges):
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
      state.list.takeOutsideBooks(books)
      return selected != nil && state.selectedBookID == nil
        ? .cancel(id: AppReducer.EffectKey.words) : .none

    case .outsideWordsLoaded(let bookID, let result):
      // Merges the words into the selected book if it is still the one shown. A failure shows
      // no error, as for the books, unless the book is gone.
      guard bookID == state.selectedBookID, state.wordsStatus == .loaded else { return .none }
      switch result {
      case .success(let words):
        state.session.mergeOutsideWords(words)
      case .failure(let error):
        if error.kind == .notFound { state.list.forget(bookID) }
      }
      return .none

    case .view(.unsubscribeFromChanges):
      return .cancel(id: AppReducer.EffectKey.changes)
    }
  }

  private func outsideChanges(_ changes: [WordChange], in state: inout AppState)
    -> Effect<Action>
  {
    let reloads = state.session.applyOutside(changes)
    var effects: [Effect<Action>] = []
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
      if state.session.isReadingWords {
        // The load in flight may have read the book before the change: read it again.
        state.session.requestWords(of: bookID)
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
