import Wordbook

extension PostgresWordService {
  /// Adds many words to a book in one transaction, all of them or none, batch by batch.
  ///
  /// `rows` runs inside the transaction, on the service's queue, so memory holds one batch,
  /// never the whole import. Duplicates and homonyms are found in the database: a draft's cards
  /// are looked up in the (book, term key) index, the term in Normalization Form C, and their
  /// meanings compared as Swift strings. Every `ImportRowDecision.batchSize` rows the import reports
  /// progress and checks whether the calling task was cancelled; a cancelled import rolls back
  /// and throws `WordServiceError.cancelled`. The journal gets one row for the book, so change
  /// feeds reload it once.
  public func importWords(
    intoBookTitled title: String,
    onDuplicate policy: DuplicatePolicy,
    progress: @escaping @Sendable (Int) -> Void,
    rows: ImportRows
  ) async throws(WordServiceError) -> ImportSummary {
    let title = try WordServiceError.validTitle(title)
    if Task.isCancelled { throw .cancelled }
    // The import runs on the service's queue, outside the task, so the task's cancellation
    // is passed on through a flag.
    let cancelled = CancellationFlag()
    let outcome = await withTaskCancellationHandler {
      // The rows run on the queue while this task waits, so they never outlive the call.
      await withoutActuallyEscaping(rows) {
        rows async -> Result<ImportSummary, WordServiceError> in
        do throws(WordServiceError) {
          return .success(try await importOnQueue(title, policy, progress, rows, cancelled))
        } catch {
          return .failure(error)
        }
      }
    } onCancel: {
      cancelled.set()
    }
    return try outcome.get()
  }

  /// The import's transaction, on the service's queue.
  private func importOnQueue(
    _ title: String, _ policy: DuplicatePolicy, _ progress: @escaping @Sendable (Int) -> Void,
    _ rows: @escaping ImportRows, _ cancelled: CancellationFlag
  ) async throws(WordServiceError) -> ImportSummary {
    try await writing(.importWords) { library throws(WordServiceError) in
      var summary = ImportSummary(book: try library.book(creatingIfMissing: title))
      let bookID = summary.book.id
      var writer = ImportWriter(library: library, bookID: bookID)
      try writer.importRows(
        rows, policy: policy, summary: &summary, progress: progress,
        isCancelled: { cancelled.isSet })
      try library.journal(3, book: bookID)
      summary.book.wordCount = try library.book(bookID)?.wordCount ?? 0
      return summary
    }
  }
}

/// Writes an import's cards to a book of the user's library, one statement a row.
private struct ImportWriter: WordImportWriter {
  let library: UserLibrary
  let bookID: WordBook.ID

  /// The book's cards whose term key is `term`, from the (book, term key) index.
  func cards(withTerm term: String) throws(WordServiceError) -> [Word] {
    try library.importCandidates(withTermKey: term, in: bookID)
  }

  /// Inserts the card, leaving its journal row to the import's one for the book.
  func add(_ draft: WordDraft, term: String) throws(WordServiceError) {
    _ = try library.insertWord(draft, into: bookID, journaled: false)
  }

  /// Saves the study state and image of an updated card.
  func update(_ word: Word) throws(WordServiceError) {
    try library.overwriteImportedWord(word)
  }
}

/// The SQL of an import.
extension UserLibrary {
  /// The cards of a book whose term, in Normalization Form C, is `key`, in the order they were
  /// added.
  fileprivate func importCandidates(withTermKey key: String, in bookID: WordBook.ID)
    throws(WordServiceError) -> [Word]
  {
    try query(
      """
      SELECT \(Self.wordColumns) FROM words
      WHERE user_id = $1 AND book_id = $2 AND term_key = $3 ORDER BY id
      """, [.book(bookID), .text(key)], .importWords
    ).words
  }

  /// Saves the study state and image of a card an import updated.
  fileprivate func overwriteImportedWord(_ word: Word) throws(WordServiceError) {
    try query(
      "UPDATE words SET image_reference = $3, study_state = $4 WHERE user_id = $1 AND id = $2",
      [.word(word.id), word.imageReference.map(PostgresValue.text), .state(word.studyState)],
      .importWords)
  }
}
