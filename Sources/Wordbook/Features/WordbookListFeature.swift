import StoreCore

/// The actions of ``WordbookListFeature``: the wordbook cases of ``AppAction``, each request
/// beside its answer.
enum WordbookListAction: Equatable, Sendable {
  case loadBooks
  case booksLoaded(Result<[WordBook], WordServiceError>)
  case lastStudiedBookLoaded(Result<WordBook.ID?, WordServiceError>)
  case selectBook(WordBook.ID)
  case wordsLoaded(WordBook.ID, Result<[Word], WordServiceError>)
  case firstWordsLoaded(WordBook.ID, [Word])
  case createBook(title: String)
  case bookCreated(Result<WordBook, WordServiceError>)
  case renameBook(WordBook.ID, title: String)
  case bookRenamed(Result<WordBook, WordServiceError>)
  case deleteBook(WordBook.ID)
  case bookDeleted(WordBook.ID, Result<WordBook.ID, WordServiceError>)

  /// The list's action inside `action`, or `nil` for another feature's action.
  init?(_ action: AppAction) {
    switch action {
    case .loadBooks: self = .loadBooks
    case .booksLoaded(let result): self = .booksLoaded(result)
    case .lastStudiedBookLoaded(let result): self = .lastStudiedBookLoaded(result)
    case .selectBook(let bookID): self = .selectBook(bookID)
    case .wordsLoaded(let bookID, let result): self = .wordsLoaded(bookID, result)
    case .firstWordsLoaded(let bookID, let words): self = .firstWordsLoaded(bookID, words)
    case .createBook(let title): self = .createBook(title: title)
    case .bookCreated(let result): self = .bookCreated(result)
    case .renameBook(let bookID, let title): self = .renameBook(bookID, title: title)
    case .bookRenamed(let result): self = .bookRenamed(result)
    case .deleteBook(let bookID): self = .deleteBook(bookID)
    case .bookDeleted(let bookID, let result): self = .bookDeleted(bookID, result)
    default: return nil
    }
  }

  /// The same action as an ``AppAction``, as the store receives it and a log records it.
  var appAction: AppAction {
    switch self {
    case .loadBooks: .loadBooks
    case .booksLoaded(let result): .booksLoaded(result)
    case .lastStudiedBookLoaded(let result): .lastStudiedBookLoaded(result)
    case .selectBook(let bookID): .selectBook(bookID)
    case .wordsLoaded(let bookID, let result): .wordsLoaded(bookID, result)
    case .firstWordsLoaded(let bookID, let words): .firstWordsLoaded(bookID, words)
    case .createBook(let title): .createBook(title: title)
    case .bookCreated(let result): .bookCreated(result)
    case .renameBook(let bookID, let title): .renameBook(bookID, title: title)
    case .bookRenamed(let result): .bookRenamed(result)
    case .deleteBook(let bookID): .deleteBook(bookID)
    case .bookDeleted(let bookID, let result): .bookDeleted(bookID, result)
    }
  }
}

/// The wordbook list: loading the books, reopening the one studied last, choosing one and
/// loading its words, and creating, renaming and deleting books.
struct WordbookListFeature: Reducer {
  /// The service that keeps the books.
  let service: any WordService

  func reduce(into state: inout AppState, action: WordbookListAction)
    -> Effect<WordbookListAction>
  {
    switch action {
    case .loadBooks:
      state.booksStatus = .loading
      return .run { [service] send in
        await send(
          .booksLoaded(
            await result { () async throws(WordServiceError) in try await service.fetchBooks() }
          ))
      }
      .cancellable(id: AppReducer.EffectKey.books, cancelInFlight: true)

    case .booksLoaded(.success(let books)):
      state.books = books.filter { !state.serviceSync.deletedBookIDs.contains($0.id) }
      state.booksStatus = .loaded
      if let selected = state.selectedBookID, !state.books.contains(where: { $0.id == selected }) {
        state.deselect()
      }
      guard state.selectedBookID == nil else { return .none }
      state.isReopeningLastBook = true
      return .run { [service] send in
        await send(
          .lastStudiedBookLoaded(
            await result { () async throws(WordServiceError) in
              try await service.lastStudiedBook()
            }))
      }

    case .booksLoaded(.failure(let error)):
      state.booksStatus = .failed(error)
      state.lastError = .service(error)
      return .none

    case .lastStudiedBookLoaded(let result):
      // Reopens the book studied last unless the learner chose one meanwhile. A failure shows
      // no error: reopening is a convenience, and the picker still offers every book.
      state.isReopeningLastBook = false
      guard case .success(let bookID?) = result, state.selectedBookID == nil,
        state.books.contains(where: { $0.id == bookID })
      else { return .none }
      state.select(bookID, status: .loading)
      return loadWords(of: bookID, in: state)

    case .selectBook(let bookID):
      guard state.books.contains(where: { $0.id == bookID }) else {
        state.lastError = .unknownBook(bookID)
        return .none
      }
      state.select(bookID, status: .loading)
      return .merge(loadWords(of: bookID, in: state), rememberStudied(bookID))

    case .firstWordsLoaded(let bookID, let words):
      guard bookID == state.selectedBookID, state.wordsStatus == .loading else { return .none }
      state.showFirstWords(words)
      return .none

    case .wordsLoaded(let bookID, let result):
      guard bookID == state.selectedBookID else { return .none }
      switch result {
      case .success(let words) where state.isLoadingRestOfWords:
        state.mergeRestOfWords(words)
      case .success(let words):
        state.replaceWords(with: words)
      case .failure(let error):
        // A book whose rest failed is not shown in part, as if whole.
        state.serviceSync.endLoad()
        state.wordsStatus = .failed(error)
        state.lastError = .service(error)
        if error.kind == .notFound { state.forgetVanishedBook(bookID) }
      }
      return .none

    case .createBook(let title):
      guard !title.trimmingWhitespace().isEmpty else {
        state.lastError = .blankTitle
        return .none
      }
      return .run { [service] send in
        await send(
          .bookCreated(
            await result { () async throws(WordServiceError) in
              try await service.createBook(title: title)
            }))
      }

    case .bookCreated(.success(let book)):
      // The list, loaded again after the service reported the new book, may hold it already.
      if !state.books.contains(where: { $0.id == book.id }) { state.books.append(book) }
      state.select(book.id, status: .loaded)
      return .merge(.cancel(id: AppReducer.EffectKey.words), rememberStudied(book.id))

    case .bookCreated(.failure(let error)):
      state.lastError = .service(error)
      return .none

    case .renameBook(let bookID, let title):
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

    case .bookRenamed(.success(let book)):
      // The list keeps its own word count, which marks and saves keep current; only the
      // title is the service's news. A book deleted since stays deleted.
      if let index = state.books.firstIndex(where: { $0.id == book.id }) {
        state.books[index].title = book.title
      }
      return .none

    case .bookRenamed(.failure(let error)):
      state.lastError = .service(error)
      return .none

    case .deleteBook(let bookID):
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

    case .bookDeleted(_, .failure(let error)):
      state.lastError = .service(error)
      return .none

    case .bookDeleted(let bookID, .success):
      state.serviceSync.recordDeletedBook(bookID)
      state.books.removeAll { $0.id == bookID }
      guard state.selectedBookID == bookID else { return .none }
      state.deselect()
      return .cancel(id: AppReducer.EffectKey.words)
    }
  }

  /// Loads the words of `bookID`, cancelling the load of any book chosen before.
  ///
  /// A book of more than ``AppState/firstPageSize`` words, as the book list counts them,
  /// first answers its first page (``AppAction/firstWordsLoaded(_:_:)``), which shows at once,
  /// then the whole book.
  func loadWords(of bookID: WordBook.ID, in state: AppState) -> Effect<WordbookListAction> {
    let isBig = (state.books.first { $0.id == bookID }?.wordCount ?? 0) > AppState.firstPageSize
    return .run { [service] send in
      if isBig {
        let first = await result { () async throws(WordServiceError) in
          try await service.fetchWords(in: bookID, after: nil, limit: AppState.firstPageSize)
        }
        switch first {
        case .success(let words): await send(.firstWordsLoaded(bookID, words))
        case .failure(let error): return await send(.wordsLoaded(bookID, .failure(error)))
        }
      }
      let count: Int
      do {
        let words = await result { () async throws(WordServiceError) in
          try await service.fetchWords(in: bookID)
        }
        // A load cancelled meanwhile (another book chosen) frees its words here, off the main
        // actor: a million words take a tenth of a second to free.
        guard !Task.isCancelled else { return }
        count = (try? words.get())?.count ?? 0
        await send(.wordsLoaded(bookID, words))
      }
      // The words read are freed by now; when the list took the copy another session holds
      // instead, that was a whole book's text, which goes back to the system.
      if count >= SharedWords.minimumCount { FreedMemory.returnToSystem() }
    }
    .cancellable(id: AppReducer.EffectKey.words, cancelInFlight: true)
  }

  /// Tells the service the learner studies `bookID`, so the next session reopens it.
  ///
  /// Its answer is not an action and a failure is not shown: the learner can study without
  /// it, and an error about a convenience would only distract. Replaying a log therefore
  /// never needs it.
  private func rememberStudied(_ bookID: WordBook.ID) -> Effect<WordbookListAction> {
    .run { [service] _ in
      try? await service.setLastStudiedBook(bookID)
    }
  }
}
