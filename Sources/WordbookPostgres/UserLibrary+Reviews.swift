import Wordbook

/// The SQL of one user's review logs and the memory states they replay to.
extension UserLibrary {
  /// The columns of `memory_states` that ``PostgresRows/memory(_:from:)`` reads, in its order.
  static let memoryColumns =
    "phase, step, stability, difficulty, due, last_review, review_count, lapse_count, generator"

  /// Whether the user has a word with this ID.
  func wordExists(_ wordID: Word.ID) throws(WordServiceError) -> Bool {
    try query("SELECT 1 FROM words WHERE user_id = $1 AND id = $2", [.word(wordID)], .findWord)
      .count == 1
  }

  /// A word's stored memory, or `nil` when it was never reviewed.
  func memory(of wordID: Word.ID) throws(WordServiceError) -> WordMemory? {
    let rows = try query(
      "SELECT \(Self.memoryColumns) FROM memory_states WHERE user_id = $1 AND word_id = $2",
      [.word(wordID)], .loadReviews)
    return rows.count == 1 ? rows.memory(0, from: 0) : nil
  }

  /// Stores a word's memory; a new one deletes the row, since a word without one is new.
  func setMemory(_ memory: WordMemory, of wordID: Word.ID) throws(WordServiceError) {
    let state = memory.state
    guard let due = state.due, let lastReview = state.lastReview else {
      try query(
        "DELETE FROM memory_states WHERE user_id = $1 AND word_id = $2", [.word(wordID)],
        .saveReview)
      return
    }
    let (phase, step): (Int64, Int64)
    switch state.phase {
    case .new:
      try query(
        "DELETE FROM memory_states WHERE user_id = $1 AND word_id = $2", [.word(wordID)],
        .saveReview)
      return
    case .learning(let learningStep): (phase, step) = (1, Int64(learningStep))
    case .review: (phase, step) = (2, 0)
    case .relearning(let relearningStep): (phase, step) = (3, Int64(relearningStep))
    }
    try query(
      """
      INSERT INTO memory_states (user_id, word_id, \(Self.memoryColumns))
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
      ON CONFLICT (word_id) DO UPDATE SET phase = excluded.phase, step = excluded.step,
        stability = excluded.stability, difficulty = excluded.difficulty, due = excluded.due,
        last_review = excluded.last_review, review_count = excluded.review_count,
        lapse_count = excluded.lapse_count, generator = excluded.generator
      """,
      [
        .word(wordID), .integer(phase), .integer(step), .double(state.stability),
        .double(state.difficulty), .integer(due.secondsSince1970),
        .integer(lastReview.secondsSince1970), .integer(Int64(state.reviewCount)),
        .integer(Int64(state.lapseCount)), .integer(Int64(bitPattern: memory.generator.state)),
      ], .saveReview)
  }

  /// Appends a review to a word's log.
  func appendReview(_ review: Review, of wordID: Word.ID) throws(WordServiceError) {
    try query(
      """
      INSERT INTO reviews (user_id, word_id, reviewed_at, rating, rating_id)
      VALUES ($1, $2, $3, $4, $5)
      """,
      [
        .word(wordID), .integer(review.time.secondsSince1970),
        .integer(Int64(review.rating.rawValue)), review.id.map { .text($0.description) },
      ], .saveReview)
  }

  /// The review that holds the rating ID `id`, with its word, or `nil` when none does; a review
  /// of another user is one too, since IDs are unique across the database (and its word, whose
  /// IDs are too, is none of this user's).
  func review(withID id: ReviewID) throws(WordServiceError) -> WordReview? {
    let rows = try connection.query(
      "SELECT reviewed_at, rating, rating_id, word_id FROM reviews WHERE rating_id = $1",
      [.text(id.description)], .saveReview)
    guard rows.count == 1 else { return nil }
    return WordReview(
      wordID: Word.ID(rows.integer(0, 3)), review: rows.review(0, from: 0, withID: true))
  }

  /// Sets a word's study state, as a rating or its undoing does, with its journal row.
  func setStudyState(_ state: StudyState, of wordID: Word.ID) throws(WordServiceError) {
    let rows = try query(
      "UPDATE words SET study_state = $3 WHERE user_id = $1 AND id = $2 RETURNING book_id",
      [.word(wordID), .state(state)], .saveReview)
    guard rows.count == 1 else { throw .wordNotFound(wordID) }
    try journal(1, book: WordBook.ID(rows.integer(0, 0)), word: wordID)
  }

  /// Sets the study state of the words whose logs the staged import touched to what each log's
  /// latest review says, journaling each of their books as one reload.
  func setImportedStudyStates() throws(WordServiceError) {
    let rows = try query(
      """
      UPDATE words AS w SET study_state = (
        SELECT CASE r.rating WHEN 1 THEN 2 ELSE 1 END FROM reviews AS r
        WHERE r.word_id = w.id ORDER BY r.reviewed_at DESC, r.id DESC LIMIT 1)
      WHERE w.user_id = $1 AND w.id IN (SELECT word_id FROM imported_reviews)
      RETURNING w.book_id
      """, [], .saveReview)
    for bookID in Set((0..<rows.count).map { rows.integer($0, 0) }).sorted() {
      try journal(3, book: WordBook.ID(bookID))
    }
  }

  /// What a Due round of each of the user's books would hold at `time`.
  func roundCounts(at time: Timestamp, learnAhead: Timestamp, newWordsPerDay: Int)
    throws(WordServiceError) -> [WordBook.ID: RoundCounts]
  {
    var counts: [WordBook.ID: RoundCounts] = [:]
    let due = try query(
      """
      SELECT w.book_id, count(*) FILTER (WHERE m.phase = 2 AND m.due <= $2),
        count(*) FILTER (WHERE m.phase <> 2)
      FROM memory_states AS m JOIN words AS w ON w.id = m.word_id
      WHERE m.user_id = $1 AND m.due <= $3 GROUP BY w.book_id
      """, [.integer(time.secondsSince1970), .integer(learnAhead.secondsSince1970)], .loadReviews)
    for row in 0..<due.count {
      let bookID = WordBook.ID(due.integer(row, 0))
      counts[bookID, default: RoundCounts()].due = Int(due.integer(row, 1))
      counts[bookID, default: RoundCounts()].learning = Int(due.integer(row, 2))
    }
    let start = time.startOfDay.secondsSince1970
    let new = try query(
      """
      SELECT b.id, (
        SELECT count(*) FROM (
          SELECT 1 FROM words AS w WHERE w.book_id = b.id
            AND NOT EXISTS (SELECT 1 FROM memory_states AS m WHERE m.word_id = w.id)
          LIMIT greatest(0, $3 - (
            SELECT count(*) FROM memory_states AS m JOIN words AS w2 ON w2.id = m.word_id
            WHERE m.user_id = $1 AND m.last_review >= $2 AND w2.book_id = b.id
              AND NOT EXISTS (SELECT 1 FROM reviews AS r WHERE r.word_id = m.word_id
                AND r.reviewed_at < $2)))) AS n)
      FROM books AS b WHERE b.user_id = $1
      """, [.integer(start), .integer(Int64(newWordsPerDay))], .loadReviews)
    for row in 0..<new.count where new.integer(row, 1) > 0 {
      counts[WordBook.ID(new.integer(row, 0)), default: RoundCounts()].new = Int(
        new.integer(row, 1))
    }
    return counts.filter { $0.value.total > 0 }
  }

  /// Deletes the last review of a word's log; `false` when it had none.
  func deleteLastReview(of wordID: Word.ID) throws(WordServiceError) -> Bool {
    try query(
      """
      DELETE FROM reviews WHERE id =
        (SELECT id FROM reviews WHERE user_id = $1 AND word_id = $2 ORDER BY id DESC LIMIT 1)
      """, [.word(wordID)], .saveReview
    ).changed > 0
  }

  /// A word's log, in time order (reviews of the same time in the order recorded).
  func reviews(of wordID: Word.ID) throws(WordServiceError) -> [Review] {
    let rows = try query(
      """
      SELECT reviewed_at, rating, rating_id FROM reviews WHERE user_id = $1 AND word_id = $2
      ORDER BY reviewed_at, id
      """,
      [.word(wordID)], .loadReviews)
    return (0..<rows.count).map { rows.review($0, from: 0, withID: true) }
  }

  /// The logs of the first `limit` of the user's reviewed words after `word` in ID order, of
  /// one book or of all, in one query over the words' indexes and the log's; each log in time
  /// order.
  func reviewLogs(in bookID: WordBook.ID?, after word: Word.ID?, limit: Int)
    throws(WordServiceError) -> [WordReviewLog]
  {
    let rows = try query(
      """
      SELECT r.word_id, r.reviewed_at, r.rating FROM reviews AS r
      WHERE r.user_id = $1 AND r.word_id IN (
        SELECT w.id FROM words AS w
        WHERE w.user_id = $1 AND ($2 = 0 OR w.book_id = $2) AND w.id > $3
          AND EXISTS (SELECT 1 FROM reviews AS x WHERE x.word_id = w.id)
        ORDER BY w.id LIMIT $4)
      ORDER BY r.word_id, r.reviewed_at, r.id
      """,
      [
        .integer(bookID?.rawValue ?? 0), .integer(word?.rawValue ?? 0), .integer(Int64(limit)),
      ], .loadReviews)
    var logs: [WordReviewLog] = []
    for row in 0..<rows.count {
      let wordID = Word.ID(rows.integer(row, 0))
      if logs.last?.wordID != wordID { logs.append(WordReviewLog(wordID: wordID, reviews: [])) }
      logs[logs.count - 1].reviews.append(rows.review(row, from: 1))
    }
    return logs
  }

  /// Calls `body` with the log of each of the user's reviewed words (or only of those with
  /// staged imported reviews), one word at a time.
  ///
  /// The words are read in pages of a word range, so memory holds a page, never every log.
  func forEachLog(
    onlyImported: Bool, _ body: (Word.ID, [Review]) throws(WordServiceError) -> Void
  ) throws(WordServiceError) {
    var after: Int64 = 0
    while true {
      // Staged rows are this connection's own; their words were checked to be the user's.
      let words =
        onlyImported
        ? try connection.query(
          "SELECT DISTINCT word_id FROM imported_reviews WHERE word_id > $1 "
            + "ORDER BY word_id LIMIT 1000", [.integer(after)], .saveSettings)
        : try query(
          "SELECT DISTINCT word_id FROM reviews WHERE user_id = $1 AND word_id > $2 "
            + "ORDER BY word_id LIMIT 1000", [.integer(after)], .saveSettings)
      guard words.count > 0 else { return }
      for row in 0..<words.count {
        let wordID = Word.ID(words.integer(row, 0))
        try body(wordID, try reviews(of: wordID))
      }
      after = words.integer(words.count - 1, 0)
    }
  }

  /// Empties `imported_reviews`, the temporary table an import stages its reviews in, creating
  /// it the first time (a temporary table is the connection's own).
  func clearImportedReviews() throws(WordServiceError) {
    try connection.execute(
      """
      CREATE TEMP TABLE IF NOT EXISTS imported_reviews (
        seq bigserial PRIMARY KEY, word_id bigint NOT NULL, reviewed_at bigint NOT NULL,
        rating smallint NOT NULL
      )
      """, .saveReview)
    try connection.execute("DELETE FROM imported_reviews", .saveReview)
  }

  /// Stages one imported review.
  func stageImportedReview(_ row: WordReview) throws(WordServiceError) {
    try connection.query(
      "INSERT INTO imported_reviews (word_id, reviewed_at, rating) VALUES ($1, $2, $3)",
      [
        .word(row.wordID), .integer(row.review.time.secondsSince1970),
        .integer(Int64(row.review.rating.rawValue)),
      ], .saveReview)
  }

  /// A staged review's word that the user does not have, if any.
  func unknownImportedWord() throws(WordServiceError) -> Word.ID? {
    let rows = try query(
      """
      SELECT word_id FROM imported_reviews AS i
      WHERE NOT EXISTS (SELECT 1 FROM words WHERE user_id = $1 AND id = i.word_id) LIMIT 1
      """, [], .saveReview)
    return rows.count == 1 ? Word.ID(rows.integer(0, 0)) : nil
  }

  /// Appends the staged reviews to their words' logs, each word's in time order (then in the
  /// order staged), in one statement.
  func appendImportedReviews() throws(WordServiceError) {
    try query(
      """
      INSERT INTO reviews (user_id, word_id, reviewed_at, rating)
      SELECT $1, word_id, reviewed_at, rating FROM imported_reviews
      ORDER BY word_id, reviewed_at, seq
      """, [], .saveReview)
  }

  /// The reviews of a book's words from `start` up to `end`, counted by UTC day. Days are
  /// counted from the midnight before `start`, so the division never meets a negative time.
  func dailyReviewCounts(in bookID: WordBook.ID, from start: Timestamp, to end: Timestamp)
    throws(WordServiceError) -> [DailyReviewCount]
  {
    let midnight = start.startOfDay
    let rows = try query(
      """
      SELECT (r.reviewed_at - $3) / 86400 AS day, count(*) FROM words AS w
      JOIN reviews AS r ON r.word_id = w.id
      WHERE w.user_id = $1 AND w.book_id = $2 AND r.reviewed_at >= $4 AND r.reviewed_at < $5
      GROUP BY day ORDER BY day
      """,
      [
        .book(bookID), .integer(midnight.secondsSince1970), .integer(start.secondsSince1970),
        .integer(end.secondsSince1970),
      ], .loadReviews)
    return (0..<rows.count).map { row in
      DailyReviewCount(
        day: midnight.advanced(by: rows.integer(row, 0) * 86_400),
        count: Int(rows.integer(row, 1)))
    }
  }

  /// How many of a book's words have reviews at or after `start` and none before.
  func newWordCount(in bookID: WordBook.ID, since start: Timestamp) throws(WordServiceError)
    -> Int
  {
    let rows = try query(
      """
      SELECT count(*) FROM memory_states AS m JOIN words AS w ON w.id = m.word_id
      WHERE m.user_id = $1 AND m.last_review >= $3 AND w.book_id = $2
        AND NOT EXISTS (
          SELECT 1 FROM reviews AS r WHERE r.word_id = m.word_id AND r.reviewed_at < $3)
      """, [.book(bookID), .integer(start.secondsSince1970)], .loadReviews)
    return Int(rows.integer(0, 0))
  }

  /// A page of a book's words with their memory states: with `time`, those due by then, most
  /// overdue first; otherwise every word in the order added; each time the `limit` lines after
  /// `last`.
  func schedule(
    in bookID: WordBook.ID, dueBy time: Timestamp?, after last: ScheduledWord?, limit: Int
  ) throws(WordServiceError) -> [ScheduledWord] {
    let columns =
      "w.id, w.term, w.meaning, w.image_reference, w.study_state, "
      + Self.memoryColumns.split(separator: ", ").map { "m." + $0 }.joined(separator: ", ")
    let rows =
      if let time {
        try query(
          """
          SELECT \(columns) FROM memory_states AS m JOIN words AS w ON w.id = m.word_id
          WHERE m.user_id = $1 AND m.due <= $3 AND w.book_id = $2
            AND (m.due, m.word_id) > ($4, $5)
          ORDER BY m.due, m.word_id LIMIT $6
          """,
          [
            .book(bookID), .integer(time.secondsSince1970),
            .integer(last?.memory.due?.secondsSince1970 ?? .min),
            .integer(last?.word.id.rawValue ?? 0), .integer(Int64(limit)),
          ], .loadReviews)
      } else {
        try query(
          """
          SELECT \(columns) FROM words AS w LEFT JOIN memory_states AS m ON m.word_id = w.id
          WHERE w.user_id = $1 AND w.book_id = $2 AND w.id > $3 ORDER BY w.id LIMIT $4
          """,
          [.book(bookID), .integer(last?.word.id.rawValue ?? 0), .integer(Int64(limit))],
          .loadReviews)
      }
    return (0..<rows.count).map { row in
      let memory = rows.isNull(row, 5) ? MemoryState.new : rows.memory(row, from: 5).state
      return ScheduledWord(word: rows.word(row), memory: memory)
    }
  }
}

extension PostgresRows {
  /// The memory in the columns ``UserLibrary/memoryColumns`` of `row` from `start` on.
  func memory(_ row: Int, from start: Int) -> WordMemory {
    let step = Int(integer(row, start + 1))
    let phase: MemoryPhase =
      switch integer(row, start) {
      case 1: .learning(step: step)
      case 3: .relearning(step: step)
      default: .review
      }
    let state = MemoryState(
      phase: phase, stability: double(row, start + 2), difficulty: double(row, start + 3),
      due: Timestamp(secondsSince1970: integer(row, start + 4)),
      lastReview: Timestamp(secondsSince1970: integer(row, start + 5)),
      reviewCount: Int(integer(row, start + 6)), lapseCount: Int(integer(row, start + 7)))
    return WordMemory(
      state: state, generator: SplitMix64(seed: UInt64(bitPattern: integer(row, start + 8))))
  }

  /// The review in the columns `reviewed_at, rating` of `row` from `start` on, with the rating
  /// ID in the column after them when `withID` says the query reads it.
  func review(_ row: Int, from start: Int, withID: Bool = false) -> Review {
    Review(
      rating: Rating(rawValue: Int(integer(row, start + 1))) ?? .again,
      time: Timestamp(secondsSince1970: integer(row, start)),
      id: withID ? optionalText(row, start + 2).flatMap(ReviewID.init) : nil)
  }
}

extension UserLibrary {
  /// The words of a book whose term, in Normalization Form C, is one of `keys`.
  func words(withTermKeys keys: [String], in bookID: WordBook.ID) throws(WordServiceError)
    -> [Word]
  {
    var words: [Word] = []
    // A statement takes at most 65,535 parameters; a thousand keys a query is plenty.
    var start = keys.startIndex
    while start < keys.endIndex {
      let chunk = keys[start..<min(start + 1000, keys.endIndex)]
      let placeholders = (0..<chunk.count).map { "$\($0 + 3)" }.joined(separator: ", ")
      words += try query(
        """
        SELECT \(Self.wordColumns) FROM words
        WHERE user_id = $1 AND book_id = $2 AND term_key IN (\(placeholders))
        """, [.book(bookID)] + chunk.map { .text($0) }, .saveReview
      ).words
      start = chunk.endIndex
    }
    return words
  }
}
