import Wordbook

/// The SQL of a review import's staging: the reviews wait in a temporary table until they are
/// checked, then join their words' logs in one statement (see `WordStorage.importReviews`).
extension Connection {
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
}
