import StoreCore

/// Adding, editing and deleting words: one save or edit is in flight at a time
/// (``StudySessionFeature/State/isSavingWord``), so two answers can't land in the wrong order.
extension StudySessionFeature {
  /// Starts saving a new word to the open book.
  func saveWord(_ draft: WordDraft, into state: inout State) -> Effect<Action> {
    guard let bookID = state.bookID else {
      return tell(.showError(.noBookSelected))
    }
    guard !state.isSavingWord else {
      return tell(.showError(.alreadySaving))
    }
    state.wordDraft = draft
    guard !draft.term.trimmingWhitespace().isEmpty else {
      return tell(.showError(.blankTerm))
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

  /// Starts an edit with the guards of a new word's save: the word must be in the open book,
  /// no save may be in flight, and the term must not be blank.
  func editWord(
    _ wordID: Word.ID, term: String, meaning: String, in state: inout State
  ) -> Effect<Action> {
    guard let bookID = state.bookID, state.words.contains(wordID) else {
      return tell(.showError(.unknownWord(wordID)))
    }
    guard !state.isSavingWord else {
      return tell(.showError(.alreadySaving))
    }
    guard !term.trimmingWhitespace().isEmpty else {
      return tell(.showError(.blankTerm))
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

  /// Starts deleting a word of the open book.
  func deleteWord(_ wordID: Word.ID, in state: inout State) -> Effect<Action> {
    guard state.words.contains(wordID) else {
      return tell(.showError(.unknownWord(wordID)))
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
  }
}

extension StudySessionFeature.State {
  /// Applies a save's answer: the word shows at the end of the open book's words, or counts in
  /// the list for a book whose words are not all shown.
  ///
  /// - Returns: What the parent is to do: count the word in the list, or show the failure.
  mutating func wordSaved(
    _ bookID: WordBook.ID, _ result: Result<Word, WordServiceError>
  ) -> [StudySessionFeature.Action.Delegate] {
    isSavingWord = false
    switch result {
    case .success(let word):
      wordDraft = nil
      // A reload that ran after the save already holds the word and counted it, and a word
      // deleted since must not come back.
      guard
        !serviceSync.deletedWordIDs.contains(word.id),
        bookID != self.bookID || !words.contains(word.id)
      else { return [] }
      if bookID == self.bookID { showSavedWord(word) }
      // The open book's count is its loaded words' (see `countSelectedBookWords`).
      if bookID != self.bookID || wordsStatus != .loaded || isLoadingRestOfWords {
        return [.wordAdded(to: bookID)]
      }
      return []
    case .failure(let error):
      // A save fails as not found only when its book is gone.
      return [.showError(.service(error))]
        + (error.kind == .notFound ? [.bookVanished(bookID)] : [])
    }
  }

  /// Applies an edit's answer to the book it was made in, if that book is still shown.
  ///
  /// Only the text applies: the answer's study state may be older than a mark made since.
  /// The word stays visible even if it no longer matches the search, until the next
  /// re-filter. A load in flight gets the edit when it lands, whichever state it read.
  ///
  /// - Returns: What the parent is to do: show the failure.
  mutating func wordEdited(
    _ bookID: WordBook.ID, _ result: Result<Word, WordServiceError>
  ) -> StudySessionFeature.Action.Delegate? {
    isSavingWord = false
    switch result {
    case .success(let word):
      guard bookID == self.bookID, !serviceSync.deletedWordIDs.contains(word.id) else {
        return nil
      }
      switch wordsStatus {
      case .loaded:
        words.replaceText(with: word)
        if isLoadingRestOfWords { serviceSync.recordEditedDuringLoad(word) }
      case .loading: serviceSync.recordEditedDuringLoad(word)
      case .notLoaded, .failed: break
      }
      return nil
    case .failure(let error):
      return .showError(.service(error))
    }
  }
}
