extension StudySessionFeature.State {
  /// Rates a word at once: marks it (``StudyState/fail`` for ``Rating/again``, else
  /// ``StudyState/success``) and queues its review, one undo step for both.
  ///
  /// - Returns: The batch of marks to send now and the review write to send now, if any.
  mutating func rate(_ wordID: Word.ID, _ review: Review)
    -> (marks: [StudyStateChange]?, review: ReviewWrites.Write?)
  {
    guard let position = words.position(of: wordID) else {
      appRequests.error = .unknownWord(wordID)
      return (nil, nil)
    }
    unsavedMarks[wordID] = nil
    let old = words.state(at: position)
    let new: StudyState = review.rating == .again ? .fail : .success
    words.setState(new, at: position)
    let marks = serviceSync.recordMark(
      wordID: wordID, from: old, to: new, recordsHistory: true, review: review)
    return (marks, serviceSync.queueReview(.record(wordID, review)))
  }

  /// Takes the service's answer to the review write in flight: the word's due time moves to
  /// its new memory state's. Returns the next write to send, if any.
  mutating func settleReview(
    of wordID: Word.ID, _ result: Result<MemoryState, WordServiceError>
  ) -> ReviewWrites.Write? {
    switch result {
    case .success(let memory):
      if words.contains(wordID) { schedule.record(memory, of: wordID) }
      return serviceSync.settleReview(saved: true)
    case .failure(let error):
      appRequests.error = .service(error)
      return serviceSync.settleReview(saved: false)
    }
  }

  /// Whether Due mode shows a book whose schedule is to be read: as soon as its words start
  /// loading, so that the two reads run side by side (the words, once loaded, show the schedule
  /// already read), and once no rating is on its way to the service, so that the schedule
  /// read holds every rating made.
  var needsSchedule: Bool {
    guard words.mode == .due, bookID != nil, schedule.status == .notLoaded,
      serviceSync.reviewWrites.count == 0
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
  /// the day's new words, under Due mode.
  mutating func takeSchedule(_ loaded: BookSchedule) {
    schedule.load(loaded)
    showDueWords()
    turnAllCardsToFront()
  }

  /// Sets the words Due mode shows from the schedule.
  mutating func showDueWords() {
    let dueTimes = schedule.dueTimes
    words.showDue(schedule.dueWordIDs, newCount: schedule.newWordsLeft) { dueTimes[$0] == nil }
  }
}
