import StoreCore

/// The wordbook list: loading the books, reopening the one studied last, choosing one, and
/// creating, renaming and deleting books.
///
/// It reduces its own ``State`` and tells its parent what the app must do besides through
/// ``Action/delegate(_:)``: a chosen book is opened by the study session, which owns the choice
/// (``StudySessionFeature/State/bookID``), so neither feature builds the other.
public struct WordbookListFeature: Reducer {
  /// The cancellation IDs of the list's own effects.
  enum EffectKey: Hashable, Sendable {
    case books
    case outsideBooks
    case roundCounts
  }

  /// What happens to the wordbook list: what a front end asks, and the service's answers.
  public enum Action: Equatable, Sendable {
    /// What a front end sends.
    case view(View)
    /// The service answered ``View/loadBooks``.
    case booksLoaded(Result<[WordBook], WordServiceError>)
    /// The service named the book studied last, asked after ``booksLoaded(_:)`` when no book
    /// is selected; that book is selected.
    case lastStudiedBookLoaded(Result<WordBook.ID?, WordServiceError>)
    /// The service answered ``View/createBook(title:)``.
    case bookCreated(Result<WordBook, WordServiceError>)
    /// The service answered ``View/renameBook(_:title:)``.
    case bookRenamed(Result<WordBook, WordServiceError>)
    /// The service answered ``View/deleteBook(_:)``.
    case bookDeleted(WordBook.ID, Result<WordBook.ID, WordServiceError>)
    /// The service answered the list of books, loaded again because the study session's
    /// change feed reported another book, or the list, changed.
    case outsideBooksLoaded(Result<[WordBook], WordServiceError>)
    /// The service counted what a Due round of each book would hold now
    /// (``View/loadRoundCounts``).
    case roundCountsLoaded(Result<[WordBook.ID: RoundCounts], WordServiceError>)
    /// What the list tells its parent to do: sent by the list, reduced by ``AppReducer``.
    case delegate(Delegate)

    /// What a front end asks of the wordbook list.
    public enum View: Equatable, Sendable, Codable {
      /// Load the wordbook list, on start or as a retry.
      case loadBooks
      /// Count what a Due round of each book would hold now, as the picker shows it beside each
      /// title (``State/roundCounts``): whenever the picker shows the books. At a million
      /// words this reads every due word's book, so a front end asks only then.
      case loadRoundCounts
      /// Select a wordbook by ID and load its words.
      case selectBook(WordBook.ID)
      /// Create a wordbook and select it.
      case createBook(title: String)
      /// Give a wordbook a new title.
      case renameBook(WordBook.ID, title: String)
      /// Delete a wordbook and its words; when it is the selected one, nothing is selected
      /// after.
      case deleteBook(WordBook.ID)
    }

    /// What the wordbook list asks of its parent, which owns what the list does not: the open
    /// book and the error shown.
    public enum Delegate: Equatable, Sendable, Codable {
      /// Show an error, as ``AppState/lastError``.
      case showError(AppError)
      /// Open a book in the study session: with its words to load (`.loading`), or with none
      /// (`.loaded`, a book just created).
      case openBook(WordBook.ID, LoadStatus)
      /// Open the book the service says was studied last, unless one is open by now.
      case reopenBook(WordBook.ID)
      /// The books were loaded: a book open that they do not hold is left, and with none open
      /// the list asks which one was studied last.
      case booksLoaded
      /// The books were loaded again after a change elsewhere: a book open that they no
      /// longer hold is forgotten and left.
      case outsideBooksLoaded
      /// The service deleted a book, which the list forgot: the session leaves it if open.
      case bookDeleted(WordBook.ID)
    }
  }

  /// The service that keeps the books.
  public let service: any WordService
  /// The time now, at which the books' round counts are counted.
  public let clock: @Sendable () -> Timestamp

  /// Creates the feature.
  ///
  /// - Parameters:
  ///   - service: The service that keeps the books.
  ///   - clock: The time now; the system's wall clock unless a test fixes it.
  public init(service: any WordService, clock: @escaping @Sendable () -> Timestamp = { .now }) {
    self.service = service
    self.clock = clock
  }

  /// Applies `action` to the state, asking the service for what it needs.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .view(let view):
      return reduce(into: &state, view: view)

    case .booksLoaded(.success(let books)):
      state.books = books.filter { !state.deletedBookIDs.contains($0.id) }
      state.booksStatus = .loaded
      return .send(.delegate(.booksLoaded))

    case .booksLoaded(.failure(let error)):
      state.booksStatus = .failed(error)
      return .send(.delegate(.showError(.service(error))))

    case .lastStudiedBookLoaded(let result):
      // Reopens the book studied last unless the learner chose one meanwhile. A failure shows
      // no error: reopening is a convenience, and the picker still offers every book.
      state.isReopeningLastBook = false
      guard case .success(let bookID?) = result,
        state.books.contains(where: { $0.id == bookID })
      else { return .none }
      return .send(.delegate(.reopenBook(bookID)))

    case .bookCreated(.success(let book)):
      // The list, loaded again after the service reported the new book, may hold it already.
      if !state.books.contains(where: { $0.id == book.id }) { state.books.append(book) }
      return .merge(.send(.delegate(.openBook(book.id, .loaded))), rememberStudied(book.id))

    case .bookCreated(.failure(let error)), .bookRenamed(.failure(let error)),
      .bookDeleted(_, .failure(let error)):
      return .send(.delegate(.showError(.service(error))))

    case .bookRenamed(.success(let book)):
      // The list keeps its own word count, which marks and saves keep current; only the
      // title is the service's news. A book deleted since stays deleted.
      if let index = state.books.firstIndex(where: { $0.id == book.id }) {
        state.books[index].title = book.title
      }
      return .none

    case .bookDeleted(let bookID, .success):
      state.forget(bookID)
      return .send(.delegate(.bookDeleted(bookID)))

    case .outsideBooksLoaded(.success(let books)):
      state.takeOutsideBooks(books)
      return .send(.delegate(.outsideBooksLoaded))

    case .outsideBooksLoaded(.failure):
      // No error: the learner did not ask for the list, and the next change or the next
      // start loads it again.
      return .none

    case .roundCountsLoaded(.success(let counts)):
      state.roundCounts = counts.filter { id, _ in state.books.contains { $0.id == id } }
      return .none

    case .roundCountsLoaded(.failure):
      // No error: the counts are a convenience beside each title, read again with the books.
      return .none

    case .delegate:
      // The parent's to reduce.
      return .none
    }
  }

  /// Asks the service which book was studied last, to reopen it: ``AppReducer`` does when the
  /// books are loaded and none is open.
  func reopenLastBook(in state: inout State) -> Effect<Action> {
    state.isReopeningLastBook = true
    return .run { [service] send in
      await send(
        .lastStudiedBookLoaded(
          await result { () async throws(WordServiceError) in
            try await service.lastStudiedBook()
          }))
    }
  }

  /// Counts what a Due round of each book would hold now: ``Action/roundCountsLoaded(_:)``.
  private func loadRoundCounts() -> Effect<Action> {
    .run { [service, clock] send in
      await send(
        .roundCountsLoaded(
          await result { () async throws(WordServiceError) in
            try await service.fetchRoundCounts(at: clock())
          }))
    }
    .cancellable(id: EffectKey.roundCounts, cancelInFlight: true)
  }

  /// Loads the books again, after the service reported that another book, or the list,
  /// changed: ``Action/outsideBooksLoaded(_:)``.
  func loadOutsideBooks() -> Effect<Action> {
    .run { [service] send in
      await send(
        .outsideBooksLoaded(
          await result { () async throws(WordServiceError) in try await service.fetchBooks() }))
    }
    .cancellable(id: EffectKey.outsideBooks, cancelInFlight: true)
  }

  /// Applies what a front end asked.
  private func reduce(into state: inout State, view: Action.View) -> Effect<Action> {
    switch view {
    case .loadBooks:
      state.booksStatus = .loading
      return .run { [service] send in
        await send(
          .booksLoaded(
            await result { () async throws(WordServiceError) in try await service.fetchBooks() }
          ))
      }
      .cancellable(id: EffectKey.books, cancelInFlight: true)

    case .loadRoundCounts:
      return loadRoundCounts()

    case .selectBook(let bookID):
      guard state.books.contains(where: { $0.id == bookID }) else {
        return .send(.delegate(.showError(.unknownBook(bookID))))
      }
      return .merge(.send(.delegate(.openBook(bookID, .loading))), rememberStudied(bookID))

    case .createBook(let title):
      guard !title.trimmingWhitespace().isEmpty else {
        return .send(.delegate(.showError(.blankTitle)))
      }
      return .run { [service] send in
        await send(
          .bookCreated(
            await result { () async throws(WordServiceError) in
              try await service.createBook(title: title)
            }))
      }

    case .renameBook(let bookID, let title):
      guard state.books.contains(where: { $0.id == bookID }) else {
        return .send(.delegate(.showError(.unknownBook(bookID))))
      }
      guard !title.trimmingWhitespace().isEmpty else {
        return .send(.delegate(.showError(.blankTitle)))
      }
      return .run { [service] send in
        await send(
          .bookRenamed(
            await result { () async throws(WordServiceError) in
              try await service.renameBook(bookID, to: title)
            }))
      }

    case .deleteBook(let bookID):
      guard state.books.contains(where: { $0.id == bookID }) else {
        return .send(.delegate(.showError(.unknownBook(bookID))))
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
  }

  /// Tells the service the learner studies `bookID`, so the next session reopens it.
  ///
  /// Its answer is not an action and a failure is not shown: the learner can study without
  /// it, and an error about a convenience would only distract. Replaying a log therefore
  /// never needs it.
  private func rememberStudied(_ bookID: WordBook.ID) -> Effect<Action> {
    .run { [service] _ in
      try? await service.setLastStudiedBook(bookID)
    }
  }
}
