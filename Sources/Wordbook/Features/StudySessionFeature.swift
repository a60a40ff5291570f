import StoreCore

/// The study session: marking words and saving the marks, undo and redo, turning cards, which
/// words show in what order, adding, editing and deleting words, and the changes the service
/// reports from elsewhere.
///
/// It reduces its own ``State``, and opens and loads the book the wordbook list chose; what the
/// app must do besides it says in ``Action/delegate(_:)``. A mark changes its word in place (the
/// words are never copied) and goes to the service in batches, one in flight at a time.
public struct StudySessionFeature: Reducer {
  /// The cancellation IDs of the session's own effects: opening another book cancels a load
  /// of words started for the one before.
  enum EffectKey: Hashable, Sendable {
    case changes
    case outsideWords
    case words
  }

  /// What happens in a study session: what a front end asks, and the service's answers.
  public enum Action: Equatable, Sendable {
    /// What a front end sends.
    case view(View)
    /// The service answered the words of the book the list chose: the whole book, after its
    /// ``firstWordsLoaded(_:_:)`` when it is big.
    case wordsLoaded(WordBook.ID, Result<[Word], WordServiceError>)
    /// The service answered the first page of a big book (more than ``AppState/firstPageSize``
    /// words), shown at once while the rest loads.
    case firstWordsLoaded(WordBook.ID, [Word])
    /// The service answered a batch of study marks.
    case studyStatesSaved(Result<[StudyStateChange], WordServiceError>)
    /// The service answered a rating, or a redo of one: its review and its mark, recorded in
    /// one write.
    case reviewRecorded(Word.ID, Result<MemoryState, WordServiceError>)
    /// The service answered the undoing of a rating: the word's last review removed and its
    /// mark given back, in one write.
    case reviewRemoved(Word.ID, Result<MemoryState, WordServiceError>)
    /// The service answered the schedule of a book, read when ``StudyMode/due`` is chosen or a
    /// book is opened in it; the due words show, then the day's new words.
    case scheduleLoaded(WordBook.ID, Result<BookSchedule, WordServiceError>)
    /// The service answered ``View/saveWord(term:meaning:)`` for the given book.
    case wordSaved(WordBook.ID, Result<Word, WordServiceError>)
    /// The service answered ``View/editWord(_:term:meaning:)`` for a word of the given book.
    case wordEdited(WordBook.ID, Result<Word, WordServiceError>)
    /// The service answered ``View/deleteWord(_:)``.
    case wordDeleted(Word.ID, Result<Word.ID, WordServiceError>)
    /// The service reported changes made by another session, process or front end (or by
    /// this session, which finds them already applied); see ``WordService/changes()``.
    case outsideChanges([WordChange])
    /// The service answered the open book's words, loaded again after ``outsideChanges(_:)``
    /// reported too many changes to list.
    case outsideWordsLoaded(WordBook.ID, Result<[Word], WordServiceError>)
    /// What the session tells its parent to do: sent by the session, reduced by ``AppReducer``.
    case delegate(Delegate)

    /// What a front end asks of a study session.
    public enum View: Equatable, Sendable, Codable {
      /// Turn one card over.
      case flip(Word.ID)
      /// Mark a word as not known (swiped left).
      case markFail(Word.ID)
      /// Mark a word as known (swiped right).
      case markSuccess(Word.ID)
      /// Reset a word to not studied.
      case resetMark(Word.ID)
      /// Rate how well the learner recalled a word at a time: ``Rating/again`` marks it as
      /// not known, the others as known, the round moves on to its next card, and the service
      /// records the mark and the review in one write and schedules the word. Undo takes back
      /// the mark and the review together. The ID, made where the rating was given, has the
      /// service store a rating sent twice once. A rating after the round ended is refused
      /// (``AppError/roundIsOver``).
      case rate(Word.ID, Rating, at: Timestamp, id: ReviewID? = nil)
      /// Undo the last mark.
      case undo
      /// Redo the last undone mark.
      case redo
      /// Make again the marks and ratings the service failed to save
      /// (``StudySessionFeature/State/unsavedMarks``).
      case retryUnsavedMarks
      /// Study again, in a round of their own, exactly the cards rated *again* in this round
      /// (``StudyRound/missed``), whatever the mode; every card turns to its front.
      case restudyMissed
      /// Study the round's cards again, from the first; every card turns to its front.
      case restudyRound
      /// Show only the words whose term or meaning contains the query, or every word for
      /// `nil` or a blank query; every card turns to its front.
      case setSearchQuery(String?)
      /// Show the words of `mode` in a new round; every card turns to its front, and the book
      /// opens in `mode` next time.
      case setStudyMode(StudyMode)
      /// Reorder the visible words at random; marks stay, every card turns to its front, and
      /// no service is called.
      case shuffle
      /// Show the meaning first, or the term again; every card turns to its front.
      case toggleReverse
      /// Switch to the next study mode; every card turns to its front.
      case toggleStudyMode
      /// Save a new word to the selected book.
      case saveWord(term: String, meaning: String)
      /// Change the term and meaning of a word of the selected book.
      case editWord(Word.ID, term: String, meaning: String)
      /// Delete a word from the selected book.
      case deleteWord(Word.ID)
      /// Apply the changes the service reports from now on, as ``Action/outsideChanges(_:)``,
      /// until ``unsubscribeFromChanges``; a front end sends it once when it starts.
      case subscribeToChanges
      /// Stop applying the changes the service reports.
      case unsubscribeFromChanges
    }

    /// What the study session asks of its parent, which owns what the session does not: the
    /// books of the list and the error shown.
    public enum Delegate: Equatable, Sendable, Codable {
      /// Show an error, as ``AppState/lastError``.
      case showError(AppError)
      /// The service no longer holds this book: the list forgets it, and the session leaves it.
      case bookVanished(WordBook.ID)
      /// A word was saved to a book whose words are not all shown: the list counts it.
      case wordAdded(to: WordBook.ID)
      /// The open book is now studied in this mode, which the list keeps for when it opens
      /// again.
      case studyModeChosen(StudyMode, of: WordBook.ID)
      /// The service reported a change to another book, or to the list of books: the list
      /// loads the books again.
      case booksChangedElsewhere
    }
  }

  /// The service that keeps the words and saves the marks.
  public let service: any WordService

  /// Creates the feature.
  ///
  /// - Parameter service: The service that keeps the words and saves the marks.
  public init(service: any WordService) {
    self.service = service
  }

  /// Applies `action` to the state, asking the service for what it needs.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .view(let view):
      return reduce(into: &state, view: view)

    case .firstWordsLoaded(let bookID, let words):
      guard bookID == state.bookID, state.wordsStatus == .loading else { return .none }
      state.showFirstWords(words)
      return .none

    case .wordsLoaded(let bookID, let result):
      guard bookID == state.bookID else { return .none }
      switch result {
      case .success(let words) where state.isLoadingRestOfWords:
        state.mergeRestOfWords(words)
      case .success(let words):
        state.replaceWords(with: words)
      case .failure(let error):
        // A book whose rest failed is not shown in part, as if whole.
        state.serviceSync.endLoad()
        state.wordsStatus = .failed(error)
        return tell(
          .showError(.service(error)), error.kind == .notFound ? .bookVanished(bookID) : nil)
      }
      return .none

    case .reviewRecorded(let wordID, let result):
      return settle(.rating(wordID, result), in: &state)

    case .reviewRemoved(let wordID, let result):
      return settle(.undoneRating(wordID, result), in: &state)

    case .scheduleLoaded(let bookID, let result):
      guard bookID == state.bookID else { return .none }
      switch result {
      case .success(let schedule): state.takeSchedule(schedule)
      case .failure(let error):
        state.schedule.status = .failed(error)
        return tell(.showError(.service(error)))
      }
      return .none

    case .studyStatesSaved(let result):
      return settle(.marks(result), in: &state)

    case .wordSaved(let bookID, let result):
      return tell(state.wordSaved(bookID, result))

    case .wordEdited(let bookID, let result):
      return tell(state.wordEdited(bookID, result))

    case .wordDeleted(let wordID, .success):
      state.removeDeletedWord(wordID)
      return .none

    case .wordDeleted(_, .failure(let error)):
      return tell(.showError(.service(error)))

    case .outsideChanges(let changes):
      return applyOutside(changes, to: &state)

    case .outsideWordsLoaded(let bookID, let result):
      return tell(state.takeOutsideWords(of: bookID, result))

    case .delegate:
      // The parent's to reduce.
      return .none
    }
  }

  /// Applies what a front end asked.
  private func reduce(into state: inout State, view: Action.View) -> Effect<Action> {
    switch view {
    case .markFail(let wordID):
      return mark(.fail, wordID, in: &state)

    case .markSuccess(let wordID):
      return mark(.success, wordID, in: &state)

    case .resetMark(let wordID):
      return mark(.notStudied, wordID, in: &state)

    case .redo:
      guard let step = state.serviceSync.popRedo() else { return tell(.showError(.nothingToRedo)) }
      if let review = step.review {
        return rate(step.wordID, review, recordsHistory: false, in: &state)
      }
      return mark(step.to, step.wordID, recordsHistory: false, in: &state)

    case .undo:
      guard let step = state.serviceSync.popUndo() else { return tell(.showError(.nothingToUndo)) }
      if step.review != nil {
        return save(state.undoRating(of: step.wordID, restoring: step.from))
      }
      return mark(step.from, step.wordID, recordsHistory: false, in: &state)

    case .retryUnsavedMarks:
      return save(state.retryUnsavedMarks())

    case .rate(let wordID, let rating, let time, let id):
      guard !state.round.isOver else { return tell(.showError(.roundIsOver)) }
      return rate(wordID, Review(rating: rating, time: time, id: id), in: &state)

    case .restudyMissed:
      state.restudyMissed()
      return .none

    case .restudyRound:
      state.restudyRound()
      return .none

    case .flip(let wordID):
      guard state.words.contains(wordID) else { return tell(.showError(.unknownWord(wordID))) }
      if state.backFaces.remove(wordID) == nil { state.backFaces.insert(wordID) }
      return .none

    case .setSearchQuery(let query):
      state.search(for: query)
      return .none

    case .setStudyMode(let mode):
      state.show(mode)
      if mode == .due { state.requestSchedule() }
      return saveStudyMode(of: &state)

    case .shuffle:
      state.shuffleWords()
      return .none

    case .toggleReverse:
      state.isReversed.toggle()
      state.turnAllCardsToFront()
      return .none

    case .toggleStudyMode:
      state.show(state.words.mode.next)
      if state.words.mode == .due { state.requestSchedule() }
      return saveStudyMode(of: &state)

    case .saveWord(let term, let meaning):
      return saveWord(WordDraft(term: term, meaning: meaning), into: &state)

    case .editWord(let wordID, let term, let meaning):
      return editWord(wordID, term: term, meaning: meaning, in: &state)

    case .deleteWord(let wordID):
      return deleteWord(wordID, in: &state)

    case .subscribeToChanges:
      return subscribeToChanges()

    case .unsubscribeFromChanges:
      return .cancel(id: EffectKey.changes)
    }
  }

  /// Loads the words of `bookID`, cancelling the load of any book chosen before.
  ///
  /// A book of more than ``AppState/firstPageSize`` words, as the book list counts them,
  /// first answers its first page (``Action/firstWordsLoaded(_:_:)``), which shows at once,
  /// then the whole book.
  func loadWords(of bookID: WordBook.ID, isBig: Bool) -> Effect<Action> {
    .run { [service] send in
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
    .cancellable(id: EffectKey.words, cancelInFlight: true)
  }

  /// Sends a write to the service: a batch of marks, a rating (its mark and its review), or the
  /// undoing of a rating; its answer, ``Action/studyStatesSaved(_:)``,
  /// ``Action/reviewRecorded(_:_:)`` or ``Action/reviewRemoved(_:_:)``, settles it and sends
  /// the next.
  func save(_ write: StudyWrites.Write?) -> Effect<Action> {
    guard let write else { return .none }
    return .run { [service] send in
      switch write {
      case .marks(let batch):
        await send(
          .studyStatesSaved(
            await result { () async throws(WordServiceError) in
              try await service.updateStudyStates(batch)
              return batch
            }))
      case .rating(let wordID, let review):
        await send(
          .reviewRecorded(
            wordID,
            await result { () async throws(WordServiceError) in
              try await service.recordReview(review, of: wordID)
            }))
      case .undoRating(let wordID, let state):
        await send(
          .reviewRemoved(
            wordID,
            await result { () async throws(WordServiceError) in
              try await service.removeLastReview(of: wordID, restoring: state)
            }))
      }
    }
  }

  /// Has the service keep the study mode the open book is in, for when it opens again, and the
  /// list keep it for this session.
  ///
  /// Its answer is not an action and a failure is not shown, as for the book studied last: the
  /// learner can study without it, and an error about a convenience would only distract.
  private func saveStudyMode(of state: inout State) -> Effect<Action> {
    guard let bookID = state.bookID else { return .none }
    let mode = state.words.mode
    return .merge(
      tell(.studyModeChosen(mode, of: bookID)),
      .run { [service] _ in
        try? await service.setStudyMode(mode, of: bookID)
      })
  }
}
