import CSQLite
import Wordbook

extension SQLiteWordService {
  /// How many rows an import processes between progress reports and cancellation checks.
  package static let importBatchSize = 1024

  /// The page cache of an import, in `PRAGMA cache_size` units (negative: KiB), the same at
  /// any size of file, so the import's memory stays flat.
  static let importCacheSize = -65_536

  /// Adds many words to a book in one transaction, all of them or none, batch by batch.
  ///
  /// `rows` runs inside the transaction and each batch it writes is inserted with prepared
  /// statements, so memory holds one batch, never the whole import; the new rows are indexed for
  /// search together at its end (one statement instead of one per row: see `Schema`). Every
  /// `importBatchSize` rows the import reports progress and checks for cancellation; a
  /// cancelled import rolls back and throws `WordServiceError.cancelled`. `progress` and `rows`
  /// run while the service is busy with the import, so they must not call the service.
  ///
  /// Duplicates and homonyms are found in the database, so they are right across batches
  /// without a map of the rows: a draft's term is looked up in the (book, term) index by its
  /// canonical form (NFC, which two strings share exactly when Swift calls them equal), and the
  /// meanings of the few cards found are compared as Swift strings. Stored terms that are not in
  /// canonical form (none, in a book of ASCII or NFC text) are kept in a map by that form.
  ///
  /// - Complexity: O(*n* log(*m* + *n*)) for the lookups and inserts of *n* rows into a book
  ///   of *m* words, plus O(*m*) once to read the book's terms from the (book, term) index.
  public func importWords(
    intoBookTitled title: String,
    onDuplicate policy: DuplicatePolicy,
    progress: @escaping @Sendable (Int) -> Void,
    rows: ImportRows
  ) async throws(WordServiceError) -> ImportSummary {
    let title = try WordServiceError.validTitle(title)
    if Task.isCancelled { throw .cancelled }
    return try await withConnection { connection throws(WordServiceError) in
      let cacheSize = try connection.integer("PRAGMA cache_size", .importWords)
      let tempStore = try connection.integer("PRAGMA temp_store", .importWords)
      // The (book, term) index takes the new terms in random order: with SQLite's default
      // 2 MiB of cache its pages go back and forth to the log inside the transaction. And each
      // row's insert, whose triggers write other tables, saves the pages it changes in a
      // statement journal, which SQLite otherwise moves to a temporary file once it has grown
      // past 64 KiB, for the rest of the transaction: 3 to 4 page writes per row. In memory it
      // holds one row's pages at a time.
      try connection.execute("PRAGMA cache_size = \(Self.importCacheSize)", .importWords)
      try connection.execute("PRAGMA temp_store = MEMORY", .importWords)
      defer {
        _ = try? connection.execute("PRAGMA cache_size = \(cacheSize)", .importWords)
        _ = try? connection.execute("PRAGMA temp_store = \(tempStore)", .importWords)
      }
      return try connection.inTransaction(.importWords) { () throws(WordServiceError) in
        let lastBefore = try connection.deferSearchIndexing()
        var summary = ImportSummary(book: try connection.book(creatingIfMissing: title))
        let bookID = summary.book.id
        try connection.summarizeChanges()
        var uncanonical = try connection.wordIDsOfUncanonicalTerms(in: bookID)
        let statements = try ImportStatements(connection, book: bookID)
        var processed = 0
        try rows { batch throws(WordServiceError) in
          for draft in batch {
            let key = draft.term.canonicalTerm
            var sameTerm = try statements.candidates(withTermBytes: key)
            if !uncanonical.isEmpty, let ids = uncanonical[key] {
              for id in ids {
                if let word = try connection.importCandidate(id) { sameTerm.append(word) }
              }
            }
            if sameTerm.count > 1 { sameTerm.sort { $0.id < $1.id } }
            switch ImportRowDecision.decide(
              draft, sameTerm: sameTerm, policy: policy, summary: &summary)
            {
            case .insert:
              let id = try statements.insert(draft)
              if !key.utf8.elementsEqual(draft.term.utf8) {
                uncanonical[key, default: []].append(id)
              }
            case .update(let word):
              try connection.overwriteImportedWord(word)
            case .leave:
              break
            }
            processed += 1
            if processed % Self.importBatchSize == 0 {
              progress(processed)
              if Task.isCancelled { throw .cancelled }
            }
          }
        }
        try connection.indexDeferredWords(after: lastBefore)
        try connection.endSummarizingChanges(reloading: bookID)
        progress(processed)
        summary.book.wordCount = try connection.wordCount(of: bookID) ?? 0
        return summary
      }
    }
  }
}

/// The two statements an import runs for every row, prepared once for the whole import: no
/// cache lookup by SQL text per row, and the book's ID bound once.
private struct ImportStatements {
  let connection: Connection
  let lookup: Statement
  let insert: Statement

  init(_ connection: Connection, book bookID: WordBook.ID) throws(WordServiceError) {
    self.connection = connection
    lookup = try connection.statement(
      """
      SELECT id, term, meaning, image_reference, study_state
      FROM words INDEXED BY words_by_book_and_term WHERE book_id = ?1 AND term = ?2
      """)
    insert = try connection.statement(
      """
      INSERT INTO words (book_id, term, meaning, image_reference, study_state)
      VALUES (?1, ?2, ?3, ?4, ?5)
      """)
    lookup.bind(bookID.rawValue, at: 1)
    insert.bind(bookID.rawValue, at: 1)
  }

  /// The cards of the book whose term is exactly these bytes, found in the (book, term) index.
  func candidates(withTermBytes term: String) throws(WordServiceError) -> [Word] {
    defer { lookup.rewind() }
    lookup.bind(term, at: 2)
    var words: [Word] = []
    while try lookup.step(connection, .importWords) { words.append(lookup.word()) }
    return words
  }

  /// Adds `draft` to the book and returns its ID.
  func insert(_ draft: WordDraft) throws(WordServiceError) -> Word.ID {
    insert.bind(draft.term, at: 2)
    insert.bind(draft.meaning, at: 3)
    insert.bind(draft.imageReference, at: 4)
    insert.bind(Int64(draft.studyState.rawValue), at: 5)
    defer { insert.rewind() }
    while try insert.step(connection, .saveWord) {}
    return Word.ID(connection.lastInsertedRowID)
  }
}

/// The SQL of an import.
extension Connection {
  /// The card with this ID, or `nil` when there is none.
  fileprivate func importCandidate(_ wordID: Word.ID) throws(WordServiceError) -> Word? {
    let statement = try self.statement(
      "SELECT id, term, meaning, image_reference, study_state FROM words WHERE id = ?1")
    defer { statement.reset() }
    statement.bind(wordID.rawValue, at: 1)
    return try statement.step(self, .importWords) ? statement.word() : nil
  }

  /// For each term in the book that is not stored in its canonical form, the cards with a term
  /// equal to it, keyed by the canonical form.
  ///
  /// Read from the covering index on (book, term) without touching the table. Almost every
  /// stored term is already canonical (all ASCII text is) and is found by its bytes; only the
  /// others are kept, so the map is empty or small whatever the size of the book.
  fileprivate func wordIDsOfUncanonicalTerms(in bookID: WordBook.ID)
    throws(WordServiceError) -> [String: [Word.ID]]
  {
    let statement = try self.statement(
      "SELECT id, term FROM words INDEXED BY words_by_book_and_term WHERE book_id = ?1")
    defer { statement.reset() }
    statement.bind(bookID.rawValue, at: 1)
    var wordIDs: [String: [Word.ID]] = [:]
    while try statement.step(self, .importWords) {
      guard let key = statement.uncanonicalTermKey(at: 1) else { continue }
      wordIDs[key, default: []].append(Word.ID(statement.int64(at: 0)))
    }
    return wordIDs
  }

  /// Saves the study state and image of a card an import updated.
  fileprivate func overwriteImportedWord(_ word: Word) throws(WordServiceError) {
    let statement = try self.statement(
      "UPDATE words SET image_reference = ?2, study_state = ?3 WHERE id = ?1")
    statement.bind(word.id.rawValue, at: 1)
    statement.bind(word.imageReference, at: 2)
    statement.bind(Int64(word.studyState.rawValue), at: 3)
    try statement.run(self, .importWords)
  }
}
