extension StudySessionFeature.State {
  /// Rates a word at once: marks it as its rating says (``Review/studyState``), answers it in
  /// the round, and queues the rating, its mark and its review one write, one undo step.
  ///
  /// - Parameter recordsHistory: Whether undo can step back over the rating.
  /// - Returns: The write to send now, if any.
  mutating func rate(_ wordID: Word.ID, _ review: Review, recordsHistory: Bool = true)
    -> StudyWrites.Write?
  {
    guard let position = words.position(of: wordID) else { return nil }
    unsavedMarks[wordID] = nil
    unsavedReviews[wordID] = nil
    let old = words.state(at: position)
    words.setState(review.studyState, at: position)
    round.answer(wordID, review.rating, at: review.time, in: roundContext)
    return serviceSync.recordRating(
      wordID: wordID, from: old, review: review, recordsHistory: recordsHistory)
  }

  /// Undoes a rating of `wordID`: the word gets back `state`, its card is the round's current
  /// one again, and the service is asked to remove the review and restore the mark, in one
  /// write.
  mutating func undoRating(of wordID: Word.ID, restoring state: StudyState) -> StudyWrites.Write? {
    guard let position = words.position(of: wordID) else { return nil }
    unsavedMarks[wordID] = nil
    unsavedReviews[wordID] = nil
    let old = words.state(at: position)
    words.setState(state, at: position)
    round.undo(wordID, in: roundContext)
    return serviceSync.recordUndoneRating(wordID: wordID, from: old, to: state)
  }

  /// Takes the service's answer to the write in flight, when it answers that write: a rating
  /// recorded moves its word's due time and tells the round when the card comes back; a
  /// refused rating is taken back from the round.
  ///
  /// - Returns: The next write to send, if any, and the error of the write answered, to show.
  mutating func settle(_ answer: WriteAnswer) -> (
    next: StudyWrites.Write?, error: WordServiceError?
  ) {
    guard answer.answers(serviceSync.writes.inFlight) else { return (nil, nil) }
    switch answer {
    case .marks: break
    case .rating(let wordID, .success(let memory)):
      if words.contains(wordID) {
        schedule.record(memory, of: wordID)
        round.learn(wordID, memory, in: roundContext)
      }
    case .rating(let wordID, .failure):
      round.rollBack(wordID, in: roundContext)
    case .undoneRating(let wordID, .success(let memory)):
      if words.contains(wordID) { schedule.record(memory, of: wordID) }
    case .undoneRating(_, .failure): break
    }
    let error = answer.error
    let (attempted, reverts, next) = serviceSync.settleWrite(
      saved: error == nil, whileLoading: isReadingWords)
    let reverted = Set(reverts.map(\.wordID))
    switch attempted {
    case .marks(let changes)? where error != nil:
      for change in changes where reverted.contains(change.wordID) && words.contains(change.wordID)
      {
        unsavedMarks[change.wordID] = change.state
      }
    case .rating(let wordID, let review)? where error != nil:
      if reverted.contains(wordID), words.contains(wordID) {
        unsavedMarks[wordID] = review.studyState
        unsavedReviews[wordID] = review
      }
    default: break
    }
    for revert in reverts {
      if let position = words.position(of: revert.wordID) {
        words.setState(revert.state, at: position)
      }
    }
    return (next, error)
  }

  /// The round's view of the session: the cards shown, and the schedule when the round was
  /// read from it.
  var roundContext: StudyRound.Context {
    StudyRound.Context(
      visible: words.visibleWords, schedule: round.isScheduled ? schedule : nil)
  }

  /// Starts a round over the cards shown: a Due round, counted by kind, when Due mode shows the
  /// schedule's words; any other round counts them as unscheduled. Under Due mode before the
  /// schedule is read, the round is empty until it is.
  mutating func startRound() {
    let isDue = words.mode == .due && !words.isShowingChosenWords
    guard !isDue || schedule.status == .loaded else {
      // Until the schedule is read, Due mode shows nothing rather than the last one's words.
      words.showDue([], newCount: 0) { _ in false }
      round = StudyRound()
      return
    }
    let context = StudyRound.Context(visible: words.visibleWords, schedule: isDue ? schedule : nil)
    round = StudyRound.starting(
      in: context, at: isDue ? schedule.time : nil, learnAheadLimit: schedule.learnAheadLimit)
  }

  /// Starts a round of exactly the cards rated *again* in this one, in the order they were
  /// missed, whatever the mode; every card turns to its front.
  mutating func restudyMissed() {
    let missed = round.missed.filter { words.contains($0) }
    guard !missed.isEmpty else { return }
    words.showOnly(missed)
    turnAllCardsToFront()
    startRound()
  }

  /// Starts a round of the same cards again, from the first; every card turns to its front.
  mutating func restudyRound() {
    turnAllCardsToFront()
    let context = StudyRound.Context(visible: words.visibleWords, schedule: nil)
    round = StudyRound.starting(in: context, at: nil, learnAheadLimit: schedule.learnAheadLimit)
  }

  /// Whether Due mode shows a book whose schedule is to be read: as soon as its words start
  /// loading, so that the two reads run side by side (the words, once loaded, show the schedule
  /// already read), and once no rating is on its way to the service, so that the schedule
  /// read holds every rating made.
  var needsSchedule: Bool {
    guard words.mode == .due, bookID != nil, schedule.status == .notLoaded,
      !serviceSync.writes.hasReviewWrites
    else {
      return false
    }
    return wordsStatus == .loading || wordsStatus == .loaded
  }

  /// Asks for the schedule to be read again, as choosing Due mode does.
  mutating func requestSchedule() {
    if schedule.status != .loading { schedule.status = .notLoaded }
  }

  /// Takes the schedule the service read for the selected book and shows its due words, then
  /// the day's new words, then its learning words due later that day, in a new round under
  /// Due mode.
  mutating func takeSchedule(_ loaded: BookSchedule) {
    schedule.load(loaded)
    showDueWords()
    turnAllCardsToFront()
    startRound()
  }

  /// Sets the words Due mode shows from the schedule.
  mutating func showDueWords() {
    let dueTimes = schedule.dueTimes
    words.showDue(
      schedule.dueWordIDs, newCount: schedule.newWordsLeft, then: schedule.learningLaterWordIDs
    ) { dueTimes[$0] == nil }
  }
}

extension StudySessionFeature.State {
  /// The service's answer to a write: which write it answers, and how.
  enum WriteAnswer {
    case marks(Result<[StudyStateChange], WordServiceError>)
    case rating(Word.ID, Result<MemoryState, WordServiceError>)
    case undoneRating(Word.ID, Result<MemoryState, WordServiceError>)

    /// Whether this answers `write`; another answer is stale, and changes nothing.
    func answers(_ write: StudyWrites.Write?) -> Bool {
      switch (self, write) {
      case (.marks, .marks?): true
      case (.rating(let answered, _), .rating(let wordID, _)?): answered == wordID
      case (.undoneRating(let answered, _), .undoRating(let wordID, _)?): answered == wordID
      default: false
      }
    }

    /// The service's error, if it refused the write.
    var error: WordServiceError? {
      switch self {
      case .marks(.failure(let error)), .rating(_, .failure(let error)),
        .undoneRating(_, .failure(let error)):
        error
      case .marks(.success), .rating(_, .success), .undoneRating(_, .success): nil
      }
    }
  }
}
