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
