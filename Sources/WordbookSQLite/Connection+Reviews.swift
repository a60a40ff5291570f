import Wordbook

/// The SQL of the review log and the memory states it replays to (see `Schema`).
extension Connection {
  /// The columns of `memory_states` that ``Statement/memory(at:)`` reads, in its order.
  static let memoryColumns =
    "phase, step, stability, difficulty, due, last_review, review_count, lapse_count, generator"

  /// A word's stored memory, or `nil` when it was never reviewed.
  func memory(of wordID: Word.ID) throws(WordServiceError) -> WordMemory? {
    let statement = try self.statement(
      "SELECT \(Self.memoryColumns) FROM memory_states WHERE word_id = ?1")
    defer { statement.reset() }
    statement.bind(wordID.rawValue, at: 1)
    return try statement.step(self, .loadReviews) ? statement.memory(at: 0) : nil
  }

  /// Stores a word's memory; a new one deletes the row, since a word without one is new.
  func setMemory(_ memory: WordMemory, of wordID: Word.ID) throws(WordServiceError) {
    guard let row = MemoryRow(memory.state) else {
      let statement = try self.statement("DELETE FROM memory_states WHERE word_id = ?1")
      statement.bind(wordID.rawValue, at: 1)
      try statement.run(self, .saveReview)
      return
    }
    let statement = try self.statement(
      """
      INSERT OR REPLACE INTO memory_states (word_id, \(Self.memoryColumns))
      VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
      """)
    statement.bind(wordID.rawValue, at: 1)
    statement.bind(row.phase, at: 2)
    statement.bind(row.step, at: 3)
    statement.bind(memory.state.stability, at: 4)
    statement.bind(memory.state.difficulty, at: 5)
    statement.bind(row.due.secondsSince1970, at: 6)
    statement.bind(row.lastReview.secondsSince1970, at: 7)
    statement.bind(Int64(memory.state.reviewCount), at: 8)
    statement.bind(Int64(memory.state.lapseCount), at: 9)
    statement.bind(Int64(bitPattern: memory.generator.state), at: 10)
    try statement.run(self, .saveReview)
  }

  /// Appends a review to a word's log.
  func appendReview(_ review: Review, of wordID: Word.ID) throws(WordServiceError) {
    let statement = try self.statement(
      "INSERT INTO reviews (word_id, reviewed_at, rating, rating_id) VALUES (?1, ?2, ?3, ?4)")
    statement.bind(wordID.rawValue, at: 1)
    statement.bind(review.time.secondsSince1970, at: 2)
    statement.bind(Int64(review.rating.rawValue), at: 3)
    statement.bind(review.id?.description, at: 4)
    try statement.run(self, .saveReview)
  }

  /// The review that holds the rating ID `id`, with its word, or `nil` when none does.
  func review(withID id: ReviewID) throws(WordServiceError) -> WordReview? {
    let statement = try self.statement(
      "SELECT reviewed_at, rating, rating_id, word_id FROM reviews WHERE rating_id = ?1")
    defer { statement.reset() }
    statement.bind(id.description, at: 1)
    guard try statement.step(self, .saveReview) else { return nil }
    return WordReview(wordID: Word.ID(statement.int64(at: 3)), review: statement.review(at: 0))
  }

  /// Sets the study state of the words whose logs the staged import touched to what each log's
  /// latest review says, telling the change feeds of each book they belong to as one reload.
  func setImportedStudyStates() throws(WordServiceError) {
    try summarizeChanges()
    try execute(
      """
      UPDATE words SET study_state = (
        SELECT CASE rating WHEN 1 THEN 2 ELSE 1 END FROM reviews r
        WHERE r.word_id = words.id ORDER BY r.reviewed_at DESC, r.id DESC LIMIT 1)
      WHERE id IN (SELECT word_id FROM temp.imported_reviews)
      """, .saveReview)
    try endSummarizingChanges()
    try execute(
      """
      INSERT INTO changes (kind, book_id)
      SELECT DISTINCT 3, book_id FROM words
      WHERE id IN (SELECT word_id FROM temp.imported_reviews)
      """, .saveChanges)
  }

  /// Deletes the last review of a word's log; `false` when it had none.
  func deleteLastReview(of wordID: Word.ID) throws(WordServiceError) -> Bool {
    let statement = try self.statement(
      """
      DELETE FROM reviews WHERE id =
        (SELECT id FROM reviews WHERE word_id = ?1 ORDER BY id DESC LIMIT 1)
      """)
    statement.bind(wordID.rawValue, at: 1)
    try statement.run(self, .saveReview)
    return changes > 0
  }

  /// A word's log, in time order (reviews of the same time in the order recorded).
  func reviews(of wordID: Word.ID) throws(WordServiceError) -> [Review] {
    let statement = try self.statement(
      "SELECT reviewed_at, rating, rating_id FROM reviews WHERE word_id = ?1 "
        + "ORDER BY reviewed_at, id")
    defer { statement.reset() }
    statement.bind(wordID.rawValue, at: 1)
    var reviews: [Review] = []
    while try statement.step(self, .loadReviews) { reviews.append(statement.review(at: 0)) }
    return reviews
  }

  /// The logs of the first `limit` reviewed words after `word` in ID order, of one book or of
  /// all, read in one statement over the words' index and the log's; each log in time order.
  func reviewLogs(in bookID: WordBook.ID?, after word: Word.ID?, limit: Int)
    throws(WordServiceError) -> [WordReviewLog]
  {
    let statement = try self.statement(
      """
      SELECT r.word_id, r.reviewed_at, r.rating FROM reviews r WHERE r.word_id IN (
        SELECT w.id FROM words w
        WHERE (?1 IS NULL OR w.book_id = ?1) AND w.id > ?2
          AND EXISTS (SELECT 1 FROM reviews x WHERE x.word_id = w.id)
        ORDER BY w.id LIMIT ?3)
      ORDER BY r.word_id, r.id
      """)
    defer { statement.reset() }
    if let bookID { statement.bind(bookID.rawValue, at: 1) }
    statement.bind(word?.rawValue ?? 0, at: 2)
    statement.bind(Int64(limit), at: 3)
    var logs: [WordReviewLog] = []
    while try statement.step(self, .loadReviews) {
      let wordID = Word.ID(statement.int64(at: 0))
      if logs.last?.wordID != wordID { logs.append(WordReviewLog(wordID: wordID, reviews: [])) }
      logs[logs.count - 1].reviews.append(statement.review(at: 1))
    }
    for index in logs.indices { logs[index].reviews = logs[index].reviews.inTimeOrder() }
    return logs
  }

  /// Calls `body` with each reviewed word's log, in time order (then in the order recorded),
  /// every word's or only those in `temp.imported_reviews`, read in one statement one word at
  /// a time, so memory holds one log, never all of them.
  func forEachLog(
    onlyImported: Bool, _ body: (Word.ID, [Review]) throws(WordServiceError) -> Void
  ) throws(WordServiceError) {
    let statement = try self.statement(
      onlyImported
        ? """
        SELECT word_id, reviewed_at, rating FROM reviews
        WHERE word_id IN (SELECT word_id FROM temp.imported_reviews) ORDER BY word_id, id
        """
        : "SELECT word_id, reviewed_at, rating FROM reviews ORDER BY word_id, id")
    defer { statement.reset() }
    var word: Word.ID?
    var log: [Review] = []
    while try statement.step(self, .saveSettings) {
      let wordID = Word.ID(statement.int64(at: 0))
      if wordID != word {
        if let word { try body(word, log) }
        word = wordID
        log.removeAll(keepingCapacity: true)
      }
      log.append(statement.review(at: 1))
    }
    if let word { try body(word, log) }
  }

  /// Empties `temp.imported_reviews`, the table an import stages its reviews in, creating it
  /// the first time (a temporary table is the connection's own and never reaches the file).
  func clearImportedReviews() throws(WordServiceError) {
    try execute(
      """
      CREATE TEMP TABLE IF NOT EXISTS imported_reviews (
        seq INTEGER PRIMARY KEY, word_id INTEGER NOT NULL, reviewed_at INTEGER NOT NULL,
        rating INTEGER NOT NULL
      )
      """, .saveReview)
    try execute("DELETE FROM temp.imported_reviews", .saveReview)
  }

  /// Stages one imported review.
  func stageImportedReview(_ row: WordReview) throws(WordServiceError) {
    let statement = try self.statement(
      "INSERT INTO temp.imported_reviews (word_id, reviewed_at, rating) VALUES (?1, ?2, ?3)")
    statement.bind(row.wordID.rawValue, at: 1)
    statement.bind(row.review.time.secondsSince1970, at: 2)
    statement.bind(Int64(row.review.rating.rawValue), at: 3)
    try statement.run(self, .saveReview)
  }

  /// A staged review's word that does not exist, if any.
  func unknownImportedWord() throws(WordServiceError) -> Word.ID? {
    let statement = try self.statement(
      """
      SELECT word_id FROM temp.imported_reviews i
      WHERE NOT EXISTS (SELECT 1 FROM words WHERE id = i.word_id) LIMIT 1
      """)
    defer { statement.reset() }
    return try statement.step(self, .saveReview) ? Word.ID(statement.int64(at: 0)) : nil
  }

  /// Appends the staged reviews to their words' logs, each word's in time order (then in the
  /// order staged), in one statement that SQLite sorts on disk when it must.
  func appendImportedReviews() throws(WordServiceError) {
    try execute(
      """
      INSERT INTO reviews (word_id, reviewed_at, rating)
      SELECT word_id, reviewed_at, rating FROM temp.imported_reviews
      ORDER BY word_id, reviewed_at, seq
      """, .saveReview)
  }

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

/// The parts of a memory state that its row keeps in other forms than its own.
private struct MemoryRow {
  var phase: Int64
  var step: Int64
  var due: Timestamp
  var lastReview: Timestamp

  /// The row of `state`, or `nil` for a new word, which has none.
  init?(_ state: MemoryState) {
    guard let due = state.due, let lastReview = state.lastReview else { return nil }
    switch state.phase {
    case .new: return nil
    case .learning(let step): (phase, self.step) = (1, Int64(step))
    case .review: (phase, step) = (2, 0)
    case .relearning(let step): (phase, self.step) = (3, Int64(step))
    }
    self.due = due
    self.lastReview = lastReview
  }
}

extension Statement {
  /// The memory in the columns ``Connection/memoryColumns`` from `start` on.
  func memory(at start: Int32) -> WordMemory {
    let step = Int(int64(at: start + 1))
    let phase: MemoryPhase =
      switch int64(at: start) {
      case 1: .learning(step: step)
      case 3: .relearning(step: step)
      default: .review
      }
    let state = MemoryState(
      phase: phase, stability: double(at: start + 2), difficulty: double(at: start + 3),
      due: Timestamp(secondsSince1970: int64(at: start + 4)),
      lastReview: Timestamp(secondsSince1970: int64(at: start + 5)),
      reviewCount: Int(int64(at: start + 6)), lapseCount: Int(int64(at: start + 7)))
    return WordMemory(
      state: state, generator: SplitMix64(seed: UInt64(bitPattern: int64(at: start + 8))))
  }

  /// The review in the columns `reviewed_at, rating` from `start` on, and `rating_id` after
  /// them when the query reads it.
  func review(at start: Int32) -> Review {
    Review(
      rating: Rating(rawValue: Int(int64(at: start + 1))) ?? .again,
      time: Timestamp(secondsSince1970: int64(at: start)),
      id: columnCount > start + 2 ? optionalText(at: start + 2).flatMap(ReviewID.init) : nil)
  }
}
