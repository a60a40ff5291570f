import StoreCore

extension StudySessionFeature {
  /// Follows the service's change feed, as ``Action/outsideChanges(_:)``, until
  /// ``Action/View/unsubscribeFromChanges``. A second subscription replaces the first, so a
  /// session never applies a change twice.
  func subscribeToChanges() -> Effect<Action> {
    .run { [service] send in
      for await changes in service.changes() {
        await send(.outsideChanges(changes))
      }
    }
    .cancellable(id: EffectKey.changes, cancelInFlight: true)
  }

  /// Applies the changes to the open book, asks the list to load the books again when another
  /// book changed, and loads the open book's words again when too many of them changed to
  /// list.
  func applyOutside(_ changes: [WordChange], to state: inout State) -> Effect<Action> {
    let reloads = state.applyOutside(changes)
    let reloadsBooks = reloads.books ? tell(.booksChangedElsewhere) : .none
    guard reloads.selectedWords, let bookID = state.bookID else { return reloadsBooks }
    if state.isReadingWords {
      // The load in flight may have read the book before the change: read it again.
      state.requestWords(of: bookID)
      return reloadsBooks
    }
    guard state.wordsStatus == .loaded else { return reloadsBooks }
    let reloadsWords = Effect<Action>.run { [service] send in
      await send(
        .outsideWordsLoaded(
          bookID,
          await result { () async throws(WordServiceError) in
            try await service.fetchWords(in: bookID)
          }))
    }
    .cancellable(id: EffectKey.outsideWords, cancelInFlight: true)
    return .merge(reloadsBooks, reloadsWords)
  }
}

extension StudySessionFeature.State {
  /// What outside changes leave to load from the service.
  struct OutsideReloads: Equatable {
    /// The list of books changed: load it again.
    var books = false
    /// Too many words of the selected book changed to list: load them again.
    var selectedWords = false
  }

  /// Applies changes the service reports, made by another session, process or front end (or
  /// by this session, which then finds them already applied).
  ///
  /// A word added to or deleted from another book asks for the list of books again rather
  /// than counting here: the service's counts are right however often a change is reported.
  ///
  /// Nothing is reshuffled, re-filtered or turned: a mark changes its card and the tally, a new
  /// word goes at the end of the study order, an edit changes the text, a deletion removes the
  /// card. A mark of a word whose own mark is still on its way is left alone: the own mark is
  /// newer, and the service reports it in turn once saved.
  mutating func applyOutside(_ changes: [WordChange]) -> OutsideReloads {
    var reloads = OutsideReloads()
    for change in changes {
      switch change {
      case .wordAdded(let word, let changedBookID):
        if changedBookID == bookID { applyOutsideAdded(word) } else { reloads.books = true }
      case .wordUpdated(let word, let changedBookID):
        if changedBookID == bookID { applyOutsideUpdated(word) }
      case .wordDeleted(let wordID, let changedBookID):
        if changedBookID == bookID {
          guard !serviceSync.deletedWordIDs.contains(wordID) else { continue }
          removeDeletedWord(wordID)
        } else {
          reloads.books = true
        }
      case .bookReloaded(let changedBookID):
        if changedBookID == bookID { reloads.selectedWords = true } else { reloads.books = true }
      case .booksChanged:
        reloads.books = true
      }
    }
    return reloads
  }

  private mutating func applyOutsideAdded(_ word: Word) {
    guard !serviceSync.deletedWordIDs.contains(word.id) else { return }
    // The session's own save, whose answer is still on its way, may already be listed.
    guard !words.contains(word.id) else { return applyOutsideUpdated(word) }
    showSavedWord(word)
  }

  private mutating func applyOutsideUpdated(_ word: Word) {
    let isOwnMarkPending = serviceSync.hasMarkOnItsWay(word.id)
    switch wordsStatus {
    case .loaded:
      // A word of the rest, not shown yet, takes the update when it arrives.
      if isLoadingRestOfWords { recordOutsideUpdateDuringLoad(word, isOwnMarkPending) }
      guard let position = words.position(of: word.id) else { return }
      let old = words.word(at: position)
      if old.term != word.term || old.meaning != word.meaning {
        words.replaceText(with: word)
      }
      if !isOwnMarkPending, old.studyState != word.studyState {
        words.setState(word.studyState, at: position)
      }
    case .loading:
      recordOutsideUpdateDuringLoad(word, isOwnMarkPending)
    case .notLoaded, .failed:
      break
    }
  }

  /// Keeps an outside update for the words still loading: its text, and its mark unless the
  /// session's own is on its way.
  private mutating func recordOutsideUpdateDuringLoad(_ word: Word, _ isOwnMarkPending: Bool) {
    serviceSync.recordEditedDuringLoad(word)
    if !isOwnMarkPending {
      serviceSync.recordMarksDuringLoad([StudyStateChange(wordID: word.id, state: word.studyState)])
    }
  }

  /// Removes a word the service deleted from the selected book, with its turned face, its
  /// marks on their way and its undo steps.
  mutating func removeDeletedWord(_ wordID: Word.ID) {
    serviceSync.recordDeletedWord(wordID, whileLoading: isReadingWords)
    let shown = words.visibleWords.firstIndex(of: wordID) != nil
    if shown { round.forget(wordID, in: roundContext) }
    words.remove(id: wordID)
    if shown { round.reselect(in: roundContext) }
    schedule.forget(wordID)
    backFaces.remove(wordID)
    unsavedMarks[wordID] = nil
    unsavedReviews[wordID] = nil
  }

  /// Takes the open book's words, loaded again after an outside import, if the book is still
  /// open and loaded: the cards keep their places, turned faces and visibility, new words go at
  /// the end, and the marks still on their way stay. A failure shows no error (the learner did
  /// not ask, and the next change loads them again), unless the book is gone.
  ///
  /// - Returns: What the parent is to do: forget the book, when it is gone.
  mutating func takeOutsideWords(
    of loadedBookID: WordBook.ID, _ result: Result<[Word], WordServiceError>
  ) -> StudySessionFeature.Action.Delegate? {
    guard loadedBookID == bookID, wordsStatus == .loaded else { return nil }
    switch result {
    case .success(let loaded):
      mergeWords(loaded.filter { !serviceSync.deletedWordIDs.contains($0.id) })
      return nil
    case .failure(let error):
      return error.kind == .notFound ? .bookVanished(loadedBookID) : nil
    }
  }
}
