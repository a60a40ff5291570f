/// The review logs of an ``InMemoryLibrary``: each word's log and the memory it replays to.
extension InMemoryLibrary {
  var scheduler: ReviewScheduler { ReviewScheduler(settings: reviewSettings.scheduler) }

  func checkWordExists(_ wordID: Word.ID) throws(WordServiceError) {
    guard words[wordID] != nil else { throw .wordNotFound(wordID) }
  }

  mutating func recordReview(_ review: Review, of wordID: Word.ID) throws(WordServiceError)
    -> MemoryState
  {
    _ = try WordServiceError.validReview(review)
    try checkWordExists(wordID)
    let memory = (memories[wordID] ?? WordMemory(for: wordID)).reviewed(review, by: scheduler)
    reviews[wordID, default: []].append(review)
    memories[wordID] = memory
    return memory.state
  }

  mutating func removeLastReview(of wordID: Word.ID) throws(WordServiceError) -> MemoryState {
    try checkWordExists(wordID)
    guard var log = reviews[wordID], !log.isEmpty else { return .new }
    log.removeLast()
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
      reviews[wordID] = nil
      memories[wordID] = nil
    }
  }

  /// Appends each word's imported reviews to its log in time order, then replays the log.
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
      // Stable, so reviews at the same second keep the order given.
      let sorted = added.enumerated().sorted {
        ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
      }
      reviews[wordID, default: []] += sorted.map(\.element)
      memories[wordID] = WordMemory.replaying(reviews[wordID] ?? [], of: wordID, with: scheduler)
    }
    return count
  }
}
