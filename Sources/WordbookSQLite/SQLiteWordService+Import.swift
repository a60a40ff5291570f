import CSQLite
import Wordbook

extension SQLiteWordService {
  /// The page cache of an import, in `PRAGMA cache_size` units (negative: KiB), the same at
  /// any size of file, so the import's memory stays flat.
  static let importCacheSize = -57_344

  /// The page cache while an import indexes its words for search, in `PRAGMA cache_size` units:
  /// what it frees of ``importCacheSize`` holds FTS5's hash of new terms instead
  /// (`Connection.bulkIndexHashSize`).
  static let indexingCacheSize = -8_192

  /// Adds many words to a book in one transaction, all of them or none, batch by batch.
  ///
  /// `rows` runs inside the transaction and each batch it writes is inserted with prepared
  /// statements, so memory holds one batch, never the whole import; the new rows are indexed for
  /// search together at its end (one statement instead of one per row: see `Schema`). Every
  /// `ImportRowDecision.batchSize` rows the import reports progress and checks for
  /// cancellation; a cancelled import rolls back and throws `WordServiceError.cancelled`.
  /// `progress` and `rows` run while the service is busy with the import, so they must not call
  /// the service.
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
        var writer = try ImportWriter(
          connection, book: bookID,
          terms: try TermLookup(connection, book: bookID, during: .importWords))
        try writer.importRows(
          rows, policy: policy, summary: &summary, progress: progress,
          isCancelled: { Task.isCancelled })
        try writer.flush()
        // The cache has served the rows' index lookups; its memory now goes to FTS5's hash of
        // new terms, so the import's peak stays that of the rows.
        try connection.execute("PRAGMA cache_size = \(Self.indexingCacheSize)", .importWords)
        try connection.indexDeferredWords(after: lastBefore)
        try connection.endSummarizingChanges(reloading: bookID)
        summary.book.wordCount = try connection.wordCount(of: bookID) ?? 0
        return summary
      }
    }
  }
}

/// Writes an import's new cards a chunk of rows at a time, and finds the cards a row must be
/// compared with, among those stored and those not written yet.
///
/// One `INSERT` of ``chunkSize`` rows instead of one per row: each statement's triggers (the
/// word count, the journal) and constraints make SQLite keep a statement journal of the pages it
/// changes, so a statement per row copied a few pages per row. The rows of a chunk are decided
/// as before, one by one, in order; the ones not written yet are found by their canonical term
/// in a map of the chunk, and sort after every stored card, as their IDs will.
private struct ImportWriter: WordImportWriter {
  /// How many new cards one `INSERT` writes.
  static let chunkSize = 64

  let connection: Connection
  let bookID: WordBook.ID
  let insertOne: Statement
  let insertChunk: Statement
  /// The stored cards by term.
  var terms: TermLookup
  /// The new cards not written yet, in order, with their canonical terms.
  private var pending: [(draft: WordDraft, term: String)] = []
  /// The positions in `pending` of each canonical term.
  private var pendingByTerm: [String: [Int]] = [:]

  init(_ connection: Connection, book bookID: WordBook.ID, terms: TermLookup)
    throws(WordServiceError)
  {
    self.connection = connection
    self.bookID = bookID
    self.terms = terms
    let columns = "INSERT INTO words (book_id, term, meaning, image_reference, study_state) VALUES "
    insertOne = try connection.statement(columns + "(?1, ?2, ?3, ?4, ?5)")
    insertChunk = try connection.statement(
      columns
        + (0..<Self.chunkSize).map { row in
          "(?1, " + (2...5).map { "?\(row * 4 + $0)" }.joined(separator: ", ") + ")"
        }.joined(separator: ", "))
    for statement in [insertOne, insertChunk] { statement.bind(bookID.rawValue, at: 1) }
  }

  /// The ID standing for the card at `position` of `pending` until it is written: above every
  /// stored ID, so the cards sort as they will be numbered.
  private static func provisionalID(_ position: Int) -> Word.ID {
    Word.ID(Int64.max - Int64(chunkSize) + Int64(position))
  }

  /// The position in `pending` of the card with this provisional ID, or `nil` for a stored card.
  private static func pendingPosition(_ id: Word.ID) -> Int? {
    let first = Int64.max - Int64(chunkSize)
    return id.rawValue >= first ? Int(id.rawValue - first) : nil
  }

  /// The cards of the book whose term is `term` in canonical form, oldest first: the stored
  /// ones (see ``TermLookup``), then the ones not written yet.
  func cards(withTerm term: String) throws(WordServiceError) -> [Word] {
    var words = try terms.words(withTerm: term)
    for position in pendingByTerm[term] ?? [] {
      let draft = pending[position].draft
      words.append(
        Word(
          id: Self.provisionalID(position), term: draft.term, meaning: draft.meaning,
          imageReference: draft.imageReference, studyState: draft.studyState))
    }
    return words
  }

  /// Adds `draft`, whose term's canonical form is `term`, as a new card.
  mutating func add(_ draft: WordDraft, term: String) throws(WordServiceError) {
    pendingByTerm[term, default: []].append(pending.count)
    pending.append((draft, term))
    if pending.count == Self.chunkSize { try flush() }
  }

  /// Saves the study state and image of `word`, a card found by ``cards(withTerm:)``.
  mutating func update(_ word: Word) throws(WordServiceError) {
    if let position = Self.pendingPosition(word.id) {
      pending[position].draft.imageReference = word.imageReference
      pending[position].draft.studyState = word.studyState
    } else {
      try connection.overwriteImportedWord(word)
    }
  }

  /// Writes the cards not written yet.
  mutating func flush() throws(WordServiceError) {
    guard !pending.isEmpty else { return }
    if pending.count == Self.chunkSize {
      for (row, card) in pending.enumerated() { Self.bind(card.draft, to: insertChunk, row: row) }
      try Self.run(insertChunk, connection)
    } else {
      for card in pending {
        Self.bind(card.draft, to: insertOne, row: 0)
        try Self.run(insertOne, connection)
      }
    }
    // One statement numbers its rows one after the other (nothing else adds words meanwhile),
    // and the last is the connection's last inserted row.
    let first = connection.lastInsertedRowID - Int64(pending.count) + 1
    for (row, card) in pending.enumerated()
    where !card.term.utf8.elementsEqual(card.draft.term.utf8) {
      terms.addUncanonical(Word.ID(first + Int64(row)), key: card.term)
    }
    pending.removeAll(keepingCapacity: true)
    pendingByTerm.removeAll(keepingCapacity: true)
  }

  /// Binds `draft` to the parameters of row `row` of an insert (the book is `?1`).
  private static func bind(_ draft: WordDraft, to statement: Statement, row: Int) {
    let base = Int32(row * 4)
    statement.bind(draft.term, at: base + 2)
    statement.bind(draft.meaning, at: base + 3)
    statement.bind(draft.imageReference, at: base + 4)
    statement.bind(Int64(draft.studyState.rawValue), at: base + 5)
  }

  /// Steps an insert to its end and rewinds it, keeping the book's binding.
  private static func run(_ statement: Statement, _ connection: Connection)
    throws(WordServiceError)
  {
    defer { statement.rewind() }
    while try statement.step(connection, .saveWord) {}
  }
}

/// The SQL of an import.
extension Connection {
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
