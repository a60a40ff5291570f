import StoreCore

/// The word editor: saving a new word, editing and deleting one.
///
/// One save or edit is in flight at a time (``AppState/isSavingWord``), so two answers can't
/// land in the wrong order.
public struct WordEditorFeature: Reducer {
  /// What happens to the words of the selected book: what a front end asks, and the
  /// service's answers.
  public enum Action: Equatable, Sendable {
    /// What a front end sends.
    case view(View)
    /// The service answered ``View/saveWord(term:meaning:)`` for the given book.
    case wordSaved(WordBook.ID, Result<Word, WordServiceError>)
    /// The service answered ``View/editWord(_:term:meaning:)`` for a word of the given book.
    case wordEdited(WordBook.ID, Result<Word, WordServiceError>)
    /// The service answered ``View/deleteWord(_:)``.
    case wordDeleted(Word.ID, Result<Word.ID, WordServiceError>)

    /// What a front end asks of the word editor.
    public enum View: Equatable, Sendable, Codable {
      /// Save a new word to the selected book.
      case saveWord(term: String, meaning: String)
      /// Change the term and meaning of a word of the selected book.
      case editWord(Word.ID, term: String, meaning: String)
      /// Delete a word from the selected book.
      case deleteWord(Word.ID)
    }
  }

  /// The service that keeps the words.
  public let service: any WordService

  /// Creates the feature.
  ///
  /// - Parameter service: The service that keeps the words.
  public init(service: any WordService) {
    self.service = service
  }

  /// Applies `action` to the state, asking the service for what it needs.
  public func reduce(into state: inout AppState, action: Action) -> Effect<Action> {
    switch action {
    case .view(.saveWord(let term, let meaning)):
      return saveWord(WordDraft(term: term, meaning: meaning), into: &state)

    case .wordSaved(let bookID, .success(let word)):
      state.isSavingWord = false
      state.wordDraft = nil
      // A reload that ran after the save already holds the word and counted it, and a word
      // deleted since must not come back.
      guard
        !state.serviceSync.deletedWordIDs.contains(word.id),
        bookID != state.selectedBookID || !state.words.contains(word.id)
      else { return .none }
      if bookID == state.selectedBookID { state.showSavedWord(word) }
      // The selected book's count is its loaded words' (see `countSelectedBookWords`).
      if bookID != state.selectedBookID || state.wordsStatus != .loaded
        || state.isLoadingRestOfWords,
        let index = state.books.firstIndex(where: { $0.id == bookID })
      {
        state.books[index].wordCount += 1
      }
      return .none

    case .wordSaved(let bookID, .failure(let error)):
      state.isSavingWord = false
      state.lastError = .service(error)
      // A save fails as not found only when its book is gone.
      if error.kind == .notFound { state.forgetVanishedBook(bookID) }
      return .none

    case .view(.editWord(let wordID, let term, let meaning)):
      return editWord(wordID, term: term, meaning: meaning, in: &state)

    case .wordEdited(let bookID, let result):
      wordEdited(bookID, result, in: &state)
      return .none

    case .view(.deleteWord(let wordID)):
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

    case .wordDeleted(let wordID, .success):
      state.removeDeletedWord(wordID)
      return .none

    case .wordDeleted(_, .failure(let error)):
      state.lastError = .service(error)
      return .none
    }
  }

  private func saveWord(_ draft: WordDraft, into state: inout AppState) -> Effect<Action> {
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

  /// Starts an edit with the guards of a new word's save: the word must be in the selected
  /// book, no save may be in flight, and the term must not be blank.
  private func editWord(
    _ wordID: Word.ID, term: String, meaning: String, in state: inout AppState
  ) -> Effect<Action> {
    guard let bookID = state.selectedBookID, state.words.contains(wordID) else {
      state.lastError = .unknownWord(wordID)
      return .none
    }
    guard !state.isSavingWord else {
      state.lastError = .alreadySaving
      return .none
    }
    guard !term.trimmingWhitespace().isEmpty else {
      state.lastError = .blankTerm
      return .none
    }
    state.isSavingWord = true
    return .run { [service] send in
      await send(
        .wordEdited(
          bookID,
          await result { () async throws(WordServiceError) in
            try await service.updateWord(wordID, term: term, meaning: meaning)
          }))
    }
  }

  /// Applies an edit's answer to the book it was made in, if that book is still shown.
  ///
  /// Only the text applies: the answer's study state may be older than a mark made since.
  /// The word stays visible even if it no longer matches the search, until the next
  /// re-filter. A load in flight gets the edit when it lands, whichever state it read.
  private func wordEdited(
    _ bookID: WordBook.ID, _ result: Result<Word, WordServiceError>, in state: inout AppState
  ) {
    state.isSavingWord = false
    switch result {
    case .success(let word):
      guard bookID == state.selectedBookID, !state.serviceSync.deletedWordIDs.contains(word.id)
      else { return }
      switch state.wordsStatus {
      case .loaded:
        state.words.replaceText(with: word)
        if state.isLoadingRestOfWords { state.serviceSync.recordEditedDuringLoad(word) }
      case .loading: state.serviceSync.recordEditedDuringLoad(word)
      case .notLoaded, .failed: break
      }
    case .failure(let error):
      state.lastError = .service(error)
    }
  }
}
