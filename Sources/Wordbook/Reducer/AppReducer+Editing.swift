import StoreCore

/// Editing a word's term and meaning.
extension AppReducer {
  /// Starts an edit with the guards of a new word's save: the word must be in the selected
  /// book, no save may be in flight (so two answers can't land in the wrong order), and the
  /// term must not be blank.
  func editWord(
    _ wordID: Word.ID, term: String, meaning: String, in state: inout AppState
  ) -> Effect<AppAction> {
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
  func wordEdited(
    _ bookID: WordBook.ID, _ result: Result<Word, WordServiceError>, in state: inout AppState
  ) {
    state.isSavingWord = false
    switch result {
    case .success(let word):
      guard bookID == state.selectedBookID, !state.deletedWordIDs.contains(word.id) else {
        return
      }
      switch state.wordsStatus {
      case .loaded:
        if state.words.replaceText(with: word) { state.changedParts.insert(.card(word.id)) }
      case .loading: state.changesDuringLoad.recordEdited(word)
      case .notLoaded, .failed: break
      }
    case .failure(let error):
      state.lastError = .service(error)
    }
  }
}
