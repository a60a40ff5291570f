import StoreCore

/// The reducer of a Wordbook session: applies every ``AppAction`` to ``AppState`` and asks the
/// ``WordService`` for what must be loaded or persisted.
///
/// ```swift
/// let store = Store(
///   initialState: AppState(seed: 42),
///   reducer: AppReducer(service: InMemoryWordService(books: SampleWordbook.books))
/// )
/// store.send(.loadBooks)
/// ```
///
/// ## Features
///
/// It is a composition, with StoreCore's `Scope` and `combined(with:)`, of four features, one
/// for each group of ``AppAction``'s cases; every action belongs to exactly one of them, and
/// the others pass it by untouched:
///
/// - **The wordbook list**: ``AppAction/loadBooks``, ``AppAction/booksLoaded(_:)``,
///   ``AppAction/lastStudiedBookLoaded(_:)``, ``AppAction/selectBook(_:)``,
///   ``AppAction/wordsLoaded(_:_:)``, ``AppAction/createBook(title:)``,
///   ``AppAction/bookCreated(_:)``, ``AppAction/renameBook(_:title:)``,
///   ``AppAction/bookRenamed(_:)``, ``AppAction/deleteBook(_:)`` and
///   ``AppAction/bookDeleted(_:_:)``.
/// - **The study session**: ``AppAction/markFail(_:)``, ``AppAction/markSuccess(_:)``,
///   ``AppAction/resetMark(_:)``, ``AppAction/redo``, ``AppAction/undo``,
///   ``AppAction/retryUnsavedMarks``, ``AppAction/studyStatesSaved(_:)``,
///   ``AppAction/flip(_:)``, ``AppAction/setSearchQuery(_:)``, ``AppAction/setStudyMode(_:)``,
///   ``AppAction/shuffle``, ``AppAction/toggleReverse`` and ``AppAction/toggleStudyMode``.
/// - **The word editor**: ``AppAction/saveWord(term:meaning:)``,
///   ``AppAction/wordSaved(_:_:)``, ``AppAction/editWord(_:term:meaning:)``,
///   ``AppAction/wordEdited(_:_:)``, ``AppAction/deleteWord(_:)``,
///   ``AppAction/wordDeleted(_:_:)`` and ``AppAction/dismissError``.
/// - **Outside changes**: ``AppAction/subscribeToChanges``, ``AppAction/outsideChanges(_:)``,
///   ``AppAction/outsideBooksLoaded(_:)``, ``AppAction/outsideWordsLoaded(_:_:)`` and
///   ``AppAction/unsubscribeFromChanges``.
///
/// Each of the first three has its own action type, holding its cases of ``AppAction``, and
/// runs inside a `Scope` that picks its actions out and wraps the ones its effects send. The
/// outside changes feature filters its own actions but answers with any ``AppAction``: a
/// change to a book whose words are loading makes it load them again, which the list answers.
/// The features share one state, ``AppState``, since every one of them changes the selected
/// book's words; what keeps that state in step with the service (marks on their way, undo
/// steps, changes seen during a load, deleted words and books) is one value they all go
/// through, with its invariants beside it.
public struct AppReducer: Reducer {
  /// The cancellation IDs the features share: a choice of book cancels a load of words that
  /// any of them started.
  enum EffectKey: Hashable, Sendable {
    case books
    case changes
    case outsideBooks
    case outsideWords
    case schedule
    case words
  }

  typealias Features = CombinedReducer<
    CombinedReducer<
      CombinedReducer<
        Scope<AppState, AppAction, WordbookListFeature>,
        Scope<AppState, AppAction, StudySessionFeature>
      >,
      Scope<AppState, AppAction, WordEditorFeature>
    >,
    OutsideChangesFeature
  >

  /// The service that loads and persists wordbooks.
  public let service: any WordService

  /// The time now, which reading a schedule asks: the reducer itself reads no clock, so a
  /// session's log replays the same.
  public let clock: @Sendable () -> Timestamp

  /// The features, composed once rather than at every action.
  let features: Features

  /// Creates the reducer.
  ///
  /// - Parameters:
  ///   - service: Where wordbooks and words are kept.
  ///   - clock: The time now, for the schedule ``StudyMode/due`` shows; the system's wall
  ///     clock unless a test fixes it.
  public init(service: any WordService, clock: @escaping @Sendable () -> Timestamp = { .now }) {
    self.service = service
    self.clock = clock
    // The features share the whole state, so each scope's state path is the state itself.
    let list = Scope(
      state: \AppState.self, action: WordbookListAction.init, embed: { $0.appAction },
      child: WordbookListFeature(service: service))
    let study = Scope(
      state: \AppState.self, action: StudySessionAction.init, embed: { $0.appAction },
      child: StudySessionFeature(service: service))
    let editor = Scope(
      state: \AppState.self, action: WordEditorAction.init, embed: { $0.appAction },
      child: WordEditorFeature(service: service))
    features = list.combined(with: study).combined(with: editor)
      .combined(with: OutsideChangesFeature(service: service))
  }

  /// Applies `action` to `state`, recording in `state.changedParts` what it changed.
  public func reduce(into state: inout AppState, action: AppAction) -> Effect<AppAction> {
    // One comparison of the small parts before and after, whichever feature ran.
    let before = state.comparedParts
    var effect = features.reduce(into: &state, action: action)
    if state.needsSchedule, let bookID = state.selectedBookID {
      state.schedule.status = .loading
      effect = .merge(effect, readSchedule(of: bookID))
    }
    state.countSelectedBookWords()
    state.recordChanges(since: before)
    return effect
  }

  /// Reads when each reviewed word of a book falls due, with the time now, the day's allowance
  /// of new words and how many were begun today, for ``AppAction/scheduleLoaded(_:_:)``. Whichever
  /// action left Due mode showing a book whose schedule is not read starts it.
  private func readSchedule(of bookID: WordBook.ID) -> Effect<AppAction> {
    .run { [service, clock] send in
      await send(
        .scheduleLoaded(
          bookID,
          await result { () async throws(WordServiceError) in
            let time = clock()
            let settings = try await service.reviewSettings()
            // Counted before the due times are read: a review this session is saving
            // meanwhile may then be missed by the count but never counted twice.
            let begun = try await service.fetchNewWordCount(in: bookID, since: time.startOfDay)
            let dueTimes = try await service.fetchDueTimes(in: bookID)
            return BookSchedule(
              time: time, newWordsPerDay: settings.newWordsPerDay, dueTimes: dueTimes,
              newWordsBegun: begun)
          }))
    }
    .cancellable(id: EffectKey.schedule, cancelInFlight: true)
  }
}

/// Runs a service call and returns its outcome as a value, for an effect result action.
func result<Success: Sendable>(
  _ body: () async throws(WordServiceError) -> Success
) async -> Result<Success, WordServiceError> {
  do {
    return .success(try await body())
  } catch {
    return .failure(error)
  }
}
