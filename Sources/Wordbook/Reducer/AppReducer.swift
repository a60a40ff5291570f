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
public struct AppReducer: Reducer {
  enum EffectKey: Hashable, Sendable {
    case books
    case changes
    case outsideBooks
    case outsideWords
    case words
  }

  /// The service that loads and persists wordbooks.
  public let service: any WordService

  /// Creates the reducer.
  ///
  /// - Parameter service: Where wordbooks and words are kept.
  public init(service: any WordService) {
    self.service = service
  }

  /// Applies `action` to `state`, recording in `state.changedParts` what it changed.
  public func reduce(into state: inout AppState, action: AppAction) -> Effect<AppAction> {
    let before = state.comparedParts
    let effect = apply(action, to: &state)
    state.recordChanges(since: before)
    return effect
  }

  private func apply(_ action: AppAction, to state: inout AppState) -> Effect<AppAction> {
    switch action {
    case .bookCreated(.success(let book)):
      // The list, loaded again after the service reported the new book, may hold it already.
      if !state.books.contains(where: { $0.id == book.id }) { state.books.append(book) }
      state.select(book.id, status: .loaded)
      return .merge(.cancel(id: EffectKey.words), rememberStudied(book.id))

    case .bookCreated(.failure(let error)):
      state.lastError = .service(error)
      return .none

    case .bookDeleted(let bookID, let result):
      return bookDeleted(bookID, result, in: &state)

    case .bookRenamed(let result):
      bookRenamed(result, in: &state)
      return .none

    case .booksLoaded(.success(let books)):
      state.books = books.filter { !state.deletedBookIDs.contains($0.id) }
      state.booksStatus = .loaded
      if let selected = state.selectedBookID, !state.books.contains(where: { $0.id == selected }) {
        state.deselect()
      }
      guard state.selectedBookID == nil else { return .none }
      state.isReopeningLastBook = true
      return askLastStudiedBook()

    case .booksLoaded(.failure(let error)):
      state.booksStatus = .failed(error)
      state.lastError = .service(error)
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

    case .deleteBook(let bookID):
      return deleteBook(bookID, in: &state)

    case .lastStudiedBookLoaded(let result):
      return lastStudiedBookLoaded(result, in: &state)

    case .loadBooks:
      state.booksStatus = .loading
      return .run { [service] send in
        await send(
          .booksLoaded(
            await result { () async throws(WordServiceError) in
              try await service.fetchBooks()
            }))
      }
      .cancellable(id: EffectKey.books, cancelInFlight: true)

    case .selectBook(let bookID):
      guard state.books.contains(where: { $0.id == bookID }) else {
        state.lastError = .unknownBook(bookID)
        return .none
      }
      state.select(bookID, status: .loading)
      return .merge(loadWords(of: bookID), rememberStudied(bookID))

    case .renameBook(let bookID, let title):
      return renameBook(bookID, to: title, in: &state)

    case .wordsLoaded(let bookID, let result):
      guard bookID == state.selectedBookID else { return .none }
      switch result {
      case .success(let words):
        state.replaceWords(with: words)
      case .failure(let error):
        state.wordsStatus = .failed(error)
        state.lastError = .service(error)
        if error.kind == .notFound { state.forgetVanishedBook(bookID) }
      }
      return .none

    case .flip(let wordID):
      guard state.words.contains(wordID) else {
        state.lastError = .unknownWord(wordID)
        return .none
      }
      if state.backFaces.remove(wordID) == nil { state.backFaces.insert(wordID) }
      state.changedParts.insert(.card(wordID))
      return .none

    case .markFail(let wordID):
      return save(state.mark(.fail, wordID: wordID))

    case .markSuccess(let wordID):
      return save(state.mark(.success, wordID: wordID))

    case .redo:
      guard let step = state.history.popRedo() else {
        state.lastError = .nothingToRedo
        return .none
      }
      return save(state.mark(step.to, wordID: step.wordID, recordsHistory: false))

    case .resetMark(let wordID):
      return save(state.mark(.notStudied, wordID: wordID))

    case .retryUnsavedMarks:
      return save(state.retryUnsavedMarks())

    case .setSearchQuery(let query):
      state.search(for: query)
      return .none

    case .setStudyMode(let mode):
      state.show(mode)
      return .none

    case .shuffle:
      state.shuffleWords()
      return .none

    case .studyStatesSaved(let result):
      return save(state.settleMarks(result))

    case .toggleReverse:
      state.isReversed.toggle()
      state.turnAllCardsToFront()
      return .none

    case .toggleStudyMode:
      state.show(state.studyMode.next)
      return .none

    case .undo:
      guard let step = state.history.popUndo() else {
        state.lastError = .nothingToUndo
        return .none
      }
      return save(state.mark(step.from, wordID: step.wordID, recordsHistory: false))

    case .deleteWord(let wordID):
      guard state.words.contains(wordID) else {
        state.lastError = .unknownWord(wordID)
        return .none
      }
      return .run { [service] send in
        await send(
          .wordDeleted(
            wordID,
            await result { () async throws(WordServiceError) in
              try await service.deleteWord(wordID)
              return wordID
            }))
      }

    case .dismissError:
      state.lastError = nil
      return .none

    case .editWord(let wordID, let term, let meaning):
      return editWord(wordID, term: term, meaning: meaning, in: &state)

    case .saveWord(let term, let meaning):
      return saveWord(WordDraft(term: term, meaning: meaning), into: &state)

    case .wordDeleted(let wordID, .success):
      state.removeDeletedWord(wordID)
      return .none

    case .wordDeleted(_, .failure(let error)):
      state.lastError = .service(error)
      return .none

    case .wordEdited(let bookID, let result):
      wordEdited(bookID, result, in: &state)
      return .none

    case .wordSaved(let bookID, .success(let word)):
      state.isSavingWord = false
      state.wordDraft = nil
      // A reload that ran after the save already holds the word and counted it, and a word
      // deleted since must not come back.
      guard
        !state.deletedWordIDs.contains(word.id),
        bookID != state.selectedBookID || !state.words.contains(word.id)
      else { return .none }
      if bookID == state.selectedBookID {
        switch state.wordsStatus {
        case .loaded:
          state.words.append(word, mode: state.studyMode)
          state.changedParts.insert(.card(word.id))
          state.changedParts.insert(.visibleWords)
        case .loading: state.changesDuringLoad.recordSaved(word)
        case .notLoaded, .failed: break
        }
      }
      if let index = state.books.firstIndex(where: { $0.id == bookID }) {
        state.books[index].wordCount += 1
      }
      return .none

    case .wordSaved(let bookID, .failure(let error)):
      state.isSavingWord = false
      state.lastError = .service(error)
      // A save fails as not found only when its book is gone.
      if error.kind == .notFound { state.forgetVanishedBook(bookID) }
      return .none

    case .outsideBooksLoaded(let result):
      return outsideBooksLoaded(result, in: &state)

    case .outsideChanges(let changes):
      return outsideChanges(changes, in: &state)

    case .outsideWordsLoaded(let bookID, let result):
      return outsideWordsLoaded(bookID, result, in: &state)

    case .subscribeToChanges:
      return subscribeToChanges()

    case .unsubscribeFromChanges:
      return .cancel(id: EffectKey.changes)
    }
  }

  private func saveWord(_ draft: WordDraft, into state: inout AppState) -> Effect<AppAction> {
    guard let bookID = state.selectedBookID else {
      state.lastError = .noBookSelected
      return .none
    }
    guard state.books.contains(where: { $0.id == bookID }) else {
      state.lastError = .unknownBook(bookID)
      return .none
    }
    guard !state.isSavingWord else {
      state.lastError = .alreadySaving
      return .none
    }
    state.wordDraft = draft
    guard !draft.term.trimmingWhitespace().isEmpty else {
      state.lastError = .blankTerm
      return .none
    }
    state.isSavingWord = true
    return .run { [service] send in
      await send(
        .wordSaved(
          bookID,
          await result { () async throws(WordServiceError) in
            try await service.saveWord(draft, to: bookID)
          }))
    }
  }

  /// Loads the words of `bookID`, cancelling the load of any book chosen before.
  func loadWords(of bookID: WordBook.ID) -> Effect<AppAction> {
    .run { [service] send in
      await send(
        .wordsLoaded(
          bookID,
          await result { () async throws(WordServiceError) in
            try await service.fetchWords(in: bookID)
          }))
    }
    .cancellable(id: EffectKey.words, cancelInFlight: true)
  }

  private func save(_ batch: [StudyStateChange]?) -> Effect<AppAction> {
    guard let batch else { return .none }
    return .run { [service] send in
      await send(
        .studyStatesSaved(
          await result { () async throws(WordServiceError) in
            try await service.updateStudyStates(batch)
            return batch
          }))
    }
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
