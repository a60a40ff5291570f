/// The review logs of an ``InMemoryLibrary``: each word's log and the memory it replays to.
extension InMemoryLibrary {
  var scheduler: ReviewScheduler { ReviewScheduler(settings: reviewSettings.scheduler) }

  func checkWordExists(_ wordID: Word.ID) throws(WordServiceError) {
    guard words[wordID] != nil else { throw .wordNotFound(wordID) }
  }

  /// Records a rating: the review, the schedule and the study state together; a rating whose ID
  /// the word's log holds already is not stored again.
  mutating func recordReview(_ review: Review, of wordID: Word.ID) throws(WordServiceError)
    -> MemoryState
  {
    _ = try WordServiceError.validReview(review)
    try checkWordExists(wordID)
    if let id = review.id, let held = reviewsByID[id] {
      guard held.wordID == wordID, held.review == review else {
        throw WordServiceError(.invalidInput, reason: .reviewIDTaken(id))
      }
      return memories[wordID]?.state ?? .new
    }
    let current = memories[wordID] ?? WordMemory(for: wordID)
    // A review from before the last one is replayed in its place, and leaves the mark of the
    // later one.
    let inOrder = current.takesInOrder(review)
    let memory = current.recording(review, of: wordID, by: scheduler) { reviews[wordID] ?? [] }
    reviews[wordID, default: []].append(review)
    if let id = review.id { reviewsByID[id] = WordReview(wordID: wordID, review: review) }
    memories[wordID] = memory
    if inOrder { words[wordID]?.studyState = review.studyState }
    return memory.state
  }

  /// Undoes a rating: removes the last review and sets the study state the word had before.
  mutating func removeLastReview(of wordID: Word.ID, restoring state: StudyState)
    throws(WordServiceError) -> MemoryState
  {
    try checkWordExists(wordID)
    words[wordID]?.studyState = state
    guard var log = reviews[wordID], !log.isEmpty else { return .new }
    if let id = log.removeLast().id { reviewsByID[id] = nil }
    reviews[wordID] = log.isEmpty ? nil : log
    memories[wordID] = log.isEmpty ? nil : WordMemory.replaying(log, of: wordID, with: scheduler)
    return memories[wordID]?.state ?? .new
  }

  /// Keeps `settings`, replaying every log when the scheduler's settings changed.
  mutating func setReviewSettings(_ settings: ReviewSettings) {
    let reschedules = settings.scheduler != reviewSettings.scheduler
    reviewSettings = settings
    guard reschedules else { return }
    for (wordID, log) in reviews {
      memories[wordID] = WordMemory.replaying(log, of: wordID, with: scheduler)
    }
  }

  /// The words of the book at `index` with their states, as
  /// ``WordService/fetchSchedule(in:dueBy:)`` lists them.
  func schedule(ofBookAt index: Int, dueBy time: Timestamp?) -> [ScheduledWord] {
    let all = books[index].wordIDs.compactMap { id in
      words[id].map { ScheduledWord(word: $0, memory: memories[id]?.state ?? .new) }
    }
    guard let time else { return all }
    let due = all.compactMap { line in line.memory.due.map { (due: $0, line: line) } }
    return due.filter { $0.due <= time }
      .sorted { ($0.due, $0.line.word.id) < ($1.due, $1.line.word.id) }.map(\.line)
  }

  /// The reviews of the book at `index` from `start` up to `end`, counted by day, as
  /// ``WordService/fetchDailyReviewCounts(in:from:to:)`` lists them.
  func dailyReviewCounts(ofBookAt index: Int, from start: Timestamp, to end: Timestamp)
    -> [DailyReviewCount]
  {
    var counts: [Timestamp: Int] = [:]
    for id in books[index].wordIDs {
      for review in reviews[id] ?? [] where start <= review.time && review.time < end {
        counts[review.time.startOfDay, default: 0] += 1
      }
    }
    return counts.sorted { $0.key < $1.key }.map { DailyReviewCount(day: $0.key, count: $0.value) }
  }

  /// How many of a book's words have a log whose every review is at or after `start`.
  func newWordCount(ofBookAt index: Int, since start: Timestamp) -> Int {
    books[index].wordIDs.count { id in
      guard let log = reviews[id], !log.isEmpty else { return false }
      return log.allSatisfy { $0.time >= start }
    }
  }

  /// Forgets the logs of words that are gone.
  mutating func forgetReviews(of wordIDs: some Sequence<Word.ID>) {
    for wordID in wordIDs {
      for id in reviews[wordID]?.compactMap(\.id) ?? [] { reviewsByID[id] = nil }
      reviews[wordID] = nil
      memories[wordID] = nil
    }
  }

  /// Appends each word's imported reviews to its log in time order, then replays the log; the
  /// word's mark is that of its latest review.
  mutating func importReviews(
    _ rows: (_ write: ([WordReview]) throws(WordServiceError) -> Void) throws(WordServiceError)
      -> Void
  ) throws(WordServiceError) -> Int {
    var imported: [Word.ID: [Review]] = [:]
    var count = 0
    try rows { batch throws(WordServiceError) in
      for row in batch {
        try checkWordExists(row.wordID)
        imported[row.wordID, default: []].append(try WordServiceError.validReview(row.review))
        count += 1
      }
      if Task.isCancelled { throw .cancelled }
    }
    let scheduler = scheduler
    for (wordID, added) in imported {
      // Reviews at the same second keep the order given.
      reviews[wordID, default: []] += added.inTimeOrder()
      let log = (reviews[wordID] ?? []).inTimeOrder()
      memories[wordID] = WordMemory.replaying(log, of: wordID, with: scheduler)
      if let last = log.last { words[wordID]?.studyState = last.studyState }
    }
    return count
  }

  /// The book's due times and learning words, as ``WordService/fetchDueTimes(in:)`` reads them.
  func dueTimes(ofBookAt index: Int) -> BookDueTimes {
    var times = BookDueTimes()
    for id in books[index].wordIDs {
      if let memory = memories[id] { times.add(id, memory.state) }
    }
    return times
  }

  /// What a Due round of each book would hold at `time`, as
  /// ``WordService/fetchRoundCounts(at:)`` counts it.
  func roundCounts(at time: Timestamp) -> [WordBook.ID: RoundCounts] {
    let learnAhead = time.advanced(by: reviewSettings.learnAheadLimit.components.seconds)
    var counts: [WordBook.ID: RoundCounts] = [:]
    for (index, stored) in books.enumerated() {
      var book = RoundCounts()
      var neverReviewed = 0
      for id in stored.wordIDs {
        guard let state = memories[id]?.state, let due = state.due else {
          neverReviewed += 1
          continue
        }
        if state.phase.isLearning {
          if due <= learnAhead { book.learning += 1 }
        } else if due <= time {
          book.due += 1
        }
      }
      let begun = newWordCount(ofBookAt: index, since: time.startOfDay)
      book.new = min(neverReviewed, max(0, reviewSettings.newWordsPerDay - begun))
      if book.total > 0 { counts[stored.book.id] = book }
    }
    return counts
  }
}
