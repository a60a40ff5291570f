import Wordbook

/// The SQL of the schedule and the review counts: pages of memory states and the numbers of a
/// round, a day or a book, read from the memory states' indexes.
extension Connection {
  /// A page of a book's words with their memory states: with `time`, those due by then, most
  /// overdue first, from the due index; otherwise every word in the order added; each time the
  /// `limit` lines after `last`.
  func schedule(
    in bookID: WordBook.ID, dueBy time: Timestamp?, after last: ScheduledWord?, limit: Int
  ) throws(WordServiceError) -> [ScheduledWord] {
    let columns =
      "w.id, w.term, w.meaning, w.image_reference, w.study_state, "
      + Self.memoryColumns.split(separator: ", ").map { "m." + $0 }.joined(separator: ", ")
    let statement: Statement
    if let time {
      // CROSS JOIN keeps the due index the outer loop, so a page reads its own rows in due
      // order; left to choose, SQLite read every word of the book and sorted them, at every
      // page (22.5× the shell's one pass at 1M, `reviewLog` benchmark).
      statement = try self.statement(
        """
        SELECT \(columns) FROM memory_states m CROSS JOIN words w ON w.id = m.word_id
        WHERE m.due <= ?2 AND w.book_id = ?1 AND (m.due, m.word_id) > (?3, ?4)
        ORDER BY m.due, m.word_id LIMIT ?5
        """)
      statement.bind(time.secondsSince1970, at: 2)
      statement.bind(last?.memory.due?.secondsSince1970 ?? .min, at: 3)
    } else {
      statement = try self.statement(
        """
        SELECT \(columns) FROM words w LEFT JOIN memory_states m ON m.word_id = w.id
        WHERE w.book_id = ?1 AND w.id > ?4 ORDER BY w.id LIMIT ?5
        """)
    }
    defer { statement.reset() }
    statement.bind(bookID.rawValue, at: 1)
    statement.bind(last?.word.id.rawValue ?? 0, at: 4)
    statement.bind(Int64(limit), at: 5)
    var schedule: [ScheduledWord] = []
    while try statement.step(self, .loadReviews) {
      let memory = statement.isNull(at: 5) ? MemoryState.new : statement.memory(at: 5).state
      schedule.append(ScheduledWord(word: statement.word(), memory: memory))
    }
    return schedule
  }

  /// The due time of each of a book's words that has a memory state, in a dictionary made
  /// room for `count` words at once (growing it a million times rehashed it twenty times:
  /// a quarter of Due mode's first screen at 1M).
  func dueTimes(in bookID: WordBook.ID, reserving count: Int) throws(WordServiceError)
    -> BookDueTimes
  {
    let statement = try self.statement(
      """
      SELECT m.word_id, m.due, m.phase FROM words w JOIN memory_states m ON m.word_id = w.id
      WHERE w.book_id = ?1
      """)
    defer { statement.reset() }
    statement.bind(bookID.rawValue, at: 1)
    var times = BookDueTimes()
    times.dueTimes.reserveCapacity(count)
    while try statement.step(self, .loadReviews) {
      let id = Word.ID(statement.int64(at: 0))
      times.dueTimes[id] = Timestamp(secondsSince1970: statement.int64(at: 1))
      if statement.int64(at: 2) != 2 { times.learningWordIDs.insert(id) }
    }
    return times
  }

  /// What a Due round of each book would hold at `time`: the review words due by then and the
  /// learning words due by `learnAhead`, from the due index; the words never reviewed, from the
  /// books' word counts less their reviewed words; and the new words begun since the start of
  /// the day, from the index of last reviews.
  func roundCounts(at time: Timestamp, learnAhead: Timestamp, newWordsPerDay: Int)
    throws(WordServiceError) -> [WordBook.ID: RoundCounts]
  {
    var counts: [WordBook.ID: RoundCounts] = [:]
    let due = try self.statement(
      """
      SELECT w.book_id, sum(m.phase = 2 AND m.due <= ?1), sum(m.phase <> 2)
      FROM memory_states m INDEXED BY memory_states_by_due CROSS JOIN words w ON w.id = m.word_id
      WHERE m.due <= ?2 GROUP BY w.book_id
      """)
    defer { due.reset() }
    due.bind(time.secondsSince1970, at: 1)
    due.bind(learnAhead.secondsSince1970, at: 2)
    while try due.step(self, .loadReviews) {
      counts[WordBook.ID(due.int64(at: 0)), default: RoundCounts()].due = Int(due.int64(at: 1))
      counts[WordBook.ID(due.int64(at: 0)), default: RoundCounts()].learning = Int(due.int64(at: 2))
    }
    let begun = try self.statement(
      """
      SELECT b.id, (SELECT count(*) FROM memory_states m INDEXED BY memory_states_by_last_review
        JOIN words w ON w.id = m.word_id
        WHERE m.last_review >= ?1 AND w.book_id = b.id
          AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.word_id = m.word_id
            AND r.reviewed_at < ?1))
      FROM books b
      """)
    defer { begun.reset() }
    begun.bind(time.startOfDay.secondsSince1970, at: 1)
    var left: [(WordBook.ID, Int)] = []
    while try begun.step(self, .loadReviews) {
      left.append(
        (WordBook.ID(begun.int64(at: 0)), max(0, newWordsPerDay - Int(begun.int64(at: 1)))))
    }
    // Only as many words never reviewed as the day has room for are looked for.
    let new = try self.statement(
      """
      SELECT count(*) FROM (SELECT 1 FROM words w WHERE w.book_id = ?1
        AND NOT EXISTS (SELECT 1 FROM memory_states m WHERE m.word_id = w.id) LIMIT ?2)
      """)
    for (bookID, room) in left where room > 0 {
      new.bind(bookID.rawValue, at: 1)
      new.bind(Int64(room), at: 2)
      defer { new.reset() }
      guard try new.step(self, .loadReviews) else { continue }
      let count = Int(new.int64(at: 0))
      if count > 0 { counts[bookID, default: RoundCounts()].new = count }
    }
    return counts.filter { $0.value.total > 0 }
  }

  /// Calls `body` with the due time, last review and stability of each of a book's reviewed
  /// words, read from the memory states alone, without a word's text.
  func forEachReviewedWord(
    in bookID: WordBook.ID, _ body: (Timestamp, Timestamp, Double) -> Void
  ) throws(WordServiceError) {
    let statement = try self.statement(
      """
      SELECT m.due, m.last_review, m.stability FROM memory_states m
      JOIN words w ON w.id = m.word_id WHERE w.book_id = ?1
      """)
    defer { statement.reset() }
    statement.bind(bookID.rawValue, at: 1)
    while try statement.step(self, .loadReviews) {
      body(
        Timestamp(secondsSince1970: statement.int64(at: 0)),
        Timestamp(secondsSince1970: statement.int64(at: 1)), statement.double(at: 2))
    }
  }

  /// Calls `body` with each review of a book's words, word by word in ID order and each word's
  /// in the order recorded (which the statistics' gathering puts in time order), read in one
  /// statement over the book's index and the log's.
  func forEachReview(in bookID: WordBook.ID, _ body: (Word.ID, Review) -> Void)
    throws(WordServiceError)
  {
    let statement = try self.statement(
      """
      SELECT r.word_id, r.reviewed_at, r.rating FROM words w JOIN reviews r ON r.word_id = w.id
      WHERE w.book_id = ?1 ORDER BY w.id, r.id
      """)
    defer { statement.reset() }
    statement.bind(bookID.rawValue, at: 1)
    while try statement.step(self, .loadReviews) {
      body(Word.ID(statement.int64(at: 0)), statement.review(at: 1))
    }
  }

  /// How many of a book's words have reviews at or after `start` and none before.
  func newWordCount(in bookID: WordBook.ID, since start: Timestamp) throws(WordServiceError)
    -> Int
  {
    let statement = try self.statement(
      """
      SELECT count(*) FROM memory_states m INDEXED BY memory_states_by_last_review
      JOIN words w ON w.id = m.word_id
      WHERE m.last_review >= ?2 AND w.book_id = ?1
        AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.word_id = m.word_id AND r.reviewed_at < ?2)
      """)
    defer { statement.reset() }
    statement.bind(bookID.rawValue, at: 1)
    statement.bind(start.secondsSince1970, at: 2)
    guard try statement.step(self, .loadReviews) else { return 0 }
    return Int(statement.int64(at: 0))
  }

  /// The reviews of a book's words from `start` up to `end`, counted by UTC day. Days are
  /// counted from the midnight before `start`, so the division never meets a negative time.
  func dailyReviewCounts(in bookID: WordBook.ID, from start: Timestamp, to end: Timestamp)
    throws(WordServiceError) -> [DailyReviewCount]
  {
    let statement = try self.statement(
      """
      SELECT (r.reviewed_at - ?2) / 86400 AS day, count(*) FROM words w
      JOIN reviews r ON r.word_id = w.id
      WHERE w.book_id = ?1 AND r.reviewed_at >= ?3 AND r.reviewed_at < ?4
      GROUP BY day ORDER BY day
      """)
    defer { statement.reset() }
    let midnight = start.startOfDay
    statement.bind(bookID.rawValue, at: 1)
    statement.bind(midnight.secondsSince1970, at: 2)
    statement.bind(start.secondsSince1970, at: 3)
    statement.bind(end.secondsSince1970, at: 4)
    var counts: [DailyReviewCount] = []
    while try statement.step(self, .loadReviews) {
      counts.append(
        DailyReviewCount(
          day: midnight.advanced(by: statement.int64(at: 0) * 86_400),
          count: Int(statement.int64(at: 1))))
    }
    return counts
  }
}
