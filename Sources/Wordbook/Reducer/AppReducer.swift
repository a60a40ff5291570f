import StoreCore

/// The reducer of a Wordbook session: applies every ``AppAction`` to ``AppState`` and asks the
/// ``WordService`` for what must be loaded or persisted.
///
/// ```swift
/// let store = Store(
///   initialState: AppState(seed: 42),
///   reducer: AppReducer(service: InMemoryWordService(books: SampleWordbook.books))
/// )
/// store.send(.books(.view(.loadBooks)))
/// ```
///
/// ## Features
///
/// It is a composition, with StoreCore's `Scope` and `combined(with:)`, of two features, one
/// for each feature case of ``AppAction``; each feature's action holds what a front end sends
/// (its `view` case) beside its service's answers:
///
/// - ``WordbookListFeature``: loading, choosing, creating, renaming and deleting books, on
///   ``AppState/list``.
/// - ``StudySessionFeature``: the selected book's words, marks, ratings, undo and redo, which
///   cards show in what order, adding, editing and deleting words, and the changes the service
///   reports from elsewhere, on ``AppState/session``.
///
/// The list and the session each change only their own state. What one needs of the app
/// besides, it says in a `delegate` action (``WordbookListFeature/Action/Delegate``,
/// ``StudySessionFeature/Action/Delegate``), which the store processes right after the action
/// that sent it, in the same `send`, and this reducer carries out: a book chosen in the list is
/// opened by the session, which asks for its words; a book the session found gone leaves the
/// list; a change to another book the session heard of has the list load the books again; an
/// error goes to ``AppState/lastError``. A log records the delegate actions, and a test store's
/// step processes them with the action that sent them. It also starts what the state asks
/// for (the words of a book, the schedule Due mode shows) and keeps the selected book's word
/// count the number of its words.
public struct AppReducer: Reducer {
  /// The cancellation IDs of the app's own effects.
  enum EffectKey: Hashable, Sendable {
    case schedule
  }

  typealias Features = CombinedReducer<
    Scope<AppState, AppAction, WordbookListFeature>,
    Scope<AppState, AppAction, StudySessionFeature>
  >

  /// The service that loads and persists wordbooks.
  public let service: any WordService

  /// The time now, which reading a schedule asks: the reducer itself reads no clock, so a
  /// session's log replays the same.
  public let clock: @Sendable () -> Timestamp

  /// The features, composed once rather than at every action.
  let features: Features

  /// The wordbook list, which loads the books again when the session hears another changed.
  let list: WordbookListFeature

  /// The study session, which loads the words a book's choice asks for.
  let session: StudySessionFeature

  /// Creates the reducer.
  ///
  /// - Parameters:
  ///   - service: Where wordbooks and words are kept.
  ///   - clock: The time now, for the schedule ``StudyMode/due`` shows; the system's wall
  ///     clock unless a test fixes it.
  public init(service: any WordService, clock: @escaping @Sendable () -> Timestamp = { .now }) {
    self.service = service
    self.clock = clock
    list = WordbookListFeature(service: service, clock: clock)
    session = StudySessionFeature(service: service)
    // Each feature reduces its own state.
    let books = Scope(
      state: \AppState.list, action: { if case .books(let action) = $0 { action } else { nil } },
      embed: AppAction.books, child: list)
    let study = Scope(
      state: \AppState.session,
      action: { if case .study(let action) = $0 { action } else { nil } },
      embed: AppAction.study, child: session)
    features = books.combined(with: study)
  }

  /// Applies `action` to `state`, recording in `state.changedParts` what it changed.
  public func reduce(into state: inout AppState, action: AppAction) -> Effect<AppAction> {
    // One comparison of the small parts before and after, whichever feature ran.
    let before = state.comparedParts
    var effect: Effect<AppAction>
    switch action {
    case .books(.delegate(let delegate)):
      effect = reduce(into: &state, list: delegate)
    case .study(.delegate(let delegate)):
      effect = reduce(into: &state, session: delegate)
    case .dismissError:
      state.lastError = nil
      effect = .none
    case .books, .study:
      effect = features.reduce(into: &state, action: action)
    }
    if let bookID = state.session.serviceSync.takeWordsRequest(), bookID == state.session.bookID {
      let isBig = (state.selectedBook?.wordCount ?? 0) > AppState.firstPageSize
      effect = .merge(effect, session.loadWords(of: bookID, isBig: isBig).map(AppAction.study))
    }
    if state.session.needsSchedule, let bookID = state.session.bookID {
      state.session.schedule.status = .loading
      effect = .merge(effect, readSchedule(of: bookID))
    }
    state.countSelectedBookWords()
    state.recordChanges(since: before)
    return effect
  }

  /// Reads when each reviewed word of a book falls due, with the time now, the day's allowance
  /// of new words and how many were begun today, for
  /// ``StudySessionFeature/Action/scheduleLoaded(_:_:)``. Whichever
  /// action left Due mode showing a book whose schedule is not read starts it.
  private func readSchedule(of bookID: WordBook.ID) -> Effect<AppAction> {
    .run { [service, clock] send in
      await send(
        .study(
          .scheduleLoaded(
            bookID,
            await result { () async throws(WordServiceError) in
              let time = clock()
              let settings = try await service.reviewSettings()
              // Counted before the due times are read: a review this session is saving
              // meanwhile may then be missed by the count but never counted twice.
              let begun = try await service.fetchNewWordCount(in: bookID, since: time.startOfDay)
              let due = try await service.fetchDueTimes(in: bookID)
              return BookSchedule(
                time: time, newWordsPerDay: settings.newWordsPerDay, dueTimes: due.dueTimes,
                newWordsBegun: begun, learningWordIDs: due.learningWordIDs,
                learnAheadLimit: settings.learnAheadLimit)
            })))
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
