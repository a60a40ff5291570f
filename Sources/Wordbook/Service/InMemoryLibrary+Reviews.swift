/// The review logs of an ``InMemoryLibrary``: each word's log and the memory it replays to.
extension InMemoryLibrary {
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
