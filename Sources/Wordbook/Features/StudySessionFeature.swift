import StoreCore

/// The actions of ``StudySessionFeature``: the studying cases of ``AppAction``, the marks
/// beside the service's answer to them.
enum StudySessionAction: Equatable, Sendable {
  case markFail(Word.ID)
  case markSuccess(Word.ID)
  case resetMark(Word.ID)
  case redo
  case undo
  case retryUnsavedMarks
  case rate(Word.ID, Rating, at: Timestamp)
  case reviewRecorded(Word.ID, Result<MemoryState, WordServiceError>)
  case reviewRemoved(Word.ID, Result<MemoryState, WordServiceError>)
  case scheduleLoaded(WordBook.ID, Result<BookSchedule, WordServiceError>)
  case studyStatesSaved(Result<[StudyStateChange], WordServiceError>)
  case flip(Word.ID)
  case setSearchQuery(String?)
  case setStudyMode(StudyMode)
  case shuffle
  case toggleReverse
  case toggleStudyMode

  /// The study session's action inside `action`, or `nil` for another feature's action.
  init?(_ action: AppAction) {
    switch action {
    case .markFail(let wordID): self = .markFail(wordID)
    case .markSuccess(let wordID): self = .markSuccess(wordID)
    case .resetMark(let wordID): self = .resetMark(wordID)
    case .redo: self = .redo
    case .undo: self = .undo
    case .retryUnsavedMarks: self = .retryUnsavedMarks
    case .rate(let wordID, let rating, let time): self = .rate(wordID, rating, at: time)
    case .reviewRecorded(let wordID, let result): self = .reviewRecorded(wordID, result)
    case .reviewRemoved(let wordID, let result): self = .reviewRemoved(wordID, result)
    case .scheduleLoaded(let bookID, let result): self = .scheduleLoaded(bookID, result)
    case .studyStatesSaved(let result): self = .studyStatesSaved(result)
    case .flip(let wordID): self = .flip(wordID)
    case .setSearchQuery(let query): self = .setSearchQuery(query)
    case .setStudyMode(let mode): self = .setStudyMode(mode)
    case .shuffle: self = .shuffle
    case .toggleReverse: self = .toggleReverse
    case .toggleStudyMode: self = .toggleStudyMode
    default: return nil
    }
  }

  /// The same action as an ``AppAction``, as the store receives it and a log records it.
  var appAction: AppAction {
    switch self {
    case .markFail(let wordID): .markFail(wordID)
    case .markSuccess(let wordID): .markSuccess(wordID)
    case .resetMark(let wordID): .resetMark(wordID)
    case .redo: .redo
    case .undo: .undo
    case .retryUnsavedMarks: .retryUnsavedMarks
    case .rate(let wordID, let rating, let time): .rate(wordID, rating, at: time)
    case .reviewRecorded(let wordID, let result): .reviewRecorded(wordID, result)
    case .reviewRemoved(let wordID, let result): .reviewRemoved(wordID, result)
    case .scheduleLoaded(let bookID, let result): .scheduleLoaded(bookID, result)
    case .studyStatesSaved(let result): .studyStatesSaved(result)
    case .flip(let wordID): .flip(wordID)
    case .setSearchQuery(let query): .setSearchQuery(query)
    case .setStudyMode(let mode): .setStudyMode(mode)
    case .shuffle: .shuffle
    case .toggleReverse: .toggleReverse
    case .toggleStudyMode: .toggleStudyMode
    }
  }
}

/// The study session: marking words and saving the marks, undo and redo, turning cards, and
/// which words show in what order.
///
/// A mark changes its word in place (the words are never copied) and goes to the service in
/// batches, one in flight at a time: see ``ServiceSync``.
struct StudySessionFeature: Reducer {
  /// The service that saves the marks.
  let service: any WordService

  func reduce(into state: inout AppState, action: StudySessionAction)
    -> Effect<StudySessionAction>
  {
    switch action {
    case .markFail(let wordID):
      return save(state.mark(.fail, wordID: wordID))

    case .markSuccess(let wordID):
      return save(state.mark(.success, wordID: wordID))

    case .resetMark(let wordID):
      return save(state.mark(.notStudied, wordID: wordID))

    case .redo:
      guard let step = state.serviceSync.popRedo() else {
        state.lastError = .nothingToRedo
        return .none
      }
      return save(
        state.mark(step.to, wordID: step.wordID, recordsHistory: false),
        step.review.flatMap { state.serviceSync.queueReview(.record(step.wordID, $0)) })

    case .undo:
      guard let step = state.serviceSync.popUndo() else {
        state.lastError = .nothingToUndo
        return .none
      }
      return save(
        state.mark(step.from, wordID: step.wordID, recordsHistory: false),
        step.review.flatMap { _ in state.serviceSync.queueReview(.remove(step.wordID)) })

    case .retryUnsavedMarks:
      return save(state.retryUnsavedMarks())

    case .rate(let wordID, let rating, let time):
      let (marks, review) = state.rate(wordID, Review(rating: rating, time: time))
      return save(marks, review)

    case .reviewRecorded(let wordID, let result), .reviewRemoved(let wordID, let result):
      return save(nil, state.settleReview(of: wordID, result))

    case .scheduleLoaded(let bookID, let result):
      guard bookID == state.selectedBookID else { return .none }
      switch result {
      case .success(let schedule): state.takeSchedule(schedule)
      case .failure(let error):
        state.schedule.status = .failed(error)
        state.lastError = .service(error)
      }
      return .none

    case .studyStatesSaved(let result):
      return save(state.settleMarks(result))

    case .flip(let wordID):
      guard state.words.contains(wordID) else {
        state.lastError = .unknownWord(wordID)
        return .none
      }
      if state.backFaces.remove(wordID) == nil { state.backFaces.insert(wordID) }
      return .none

    case .setSearchQuery(let query):
      state.search(for: query)
      return .none

    case .setStudyMode(let mode):
      state.show(mode)
      if mode == .due { state.requestSchedule() }
      return .none

    case .shuffle:
      state.shuffleWords()
      return .none

    case .toggleReverse:
      state.isReversed.toggle()
      state.turnAllCardsToFront()
      return .none

    case .toggleStudyMode:
      state.show(state.studyMode.next)
      if state.studyMode == .due { state.requestSchedule() }
      return .none
    }
  }

  /// Sends a batch of marks to the service, then a change of a review log, one after the
  /// other, so their answers arrive in that order: ``StudySessionAction/studyStatesSaved(_:)``,
  /// then ``StudySessionAction/reviewRecorded(_:_:)`` or ``StudySessionAction/reviewRemoved(_:_:)``.
  private func save(_ batch: [StudyStateChange]?, _ write: ReviewWrites.Write? = nil)
    -> Effect<StudySessionAction>
  {
    guard batch != nil || write != nil else { return .none }
    return .run { [service] send in
      if let batch {
        await send(
          .studyStatesSaved(
            await result { () async throws(WordServiceError) in
              try await service.updateStudyStates(batch)
              return batch
            }))
      }
      switch write {
      case .record(let wordID, let review):
        await send(
          .reviewRecorded(
            wordID,
            await result { () async throws(WordServiceError) in
              try await service.recordReview(review, of: wordID)
            }))
      case .remove(let wordID):
        await send(
          .reviewRemoved(
            wordID,
            await result { () async throws(WordServiceError) in
              try await service.removeLastReview(of: wordID)
            }))
      case nil: break
      }
    }
  }
}
