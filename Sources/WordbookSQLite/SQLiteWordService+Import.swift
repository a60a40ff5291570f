import Wordbook

extension SQLiteWordService {
  /// How many rows an import writes between progress reports and cancellation checks.
  package static let importBatchSize = 1024

  /// Adds many words to a book in one transaction: all of them, or none.
  ///
  /// Rows are written in batches of prepared inserts inside the one transaction, and indexed
  /// for search together at its end (one statement, instead of one per row: see `Schema`). Between
  /// batches the import reports progress and checks for cancellation; a cancelled import rolls
  /// back and throws `WordServiceError.cancelled`. `progress` runs while the
  /// service is busy with the import, so it must not call the service.
  ///
  /// Duplicates are found by exact term, compared as Swift strings (so canonically equivalent
  /// text such as a precomposed and a decomposed "é" matches), like `InMemoryWordService`.
  /// The import keeps no map of the book's terms: a draft's term is looked up in the
  /// (book, term) index by its canonical form (NFC, which two strings share exactly when they
  /// are equal), and the few stored terms that are not in that form (none, in a book of ASCII
  /// or NFC text) are kept in a map by their canonical form. So memory beyond the drafts stays
  /// small whatever the size of the book or the import.
  ///
  /// - Complexity: O(*m*) to read the book's terms from the (book, term) index, unless the
  ///   policy is `keep`, plus O(*n* log(*m* + *n*)) for the lookups and inserts of *n* drafts
  ///   into a book of *m* words.
  public func importWords(
    _ drafts: [WordDraft],
    intoBookTitled title: String,
    onDuplicate policy: DuplicatePolicy,
    progress: @Sendable (Int) -> Void
  ) async throws(WordServiceError) -> ImportSummary {
    let title = try WordServiceError.validTitle(title)
    if Task.isCancelled { throw .cancelled }
    return try await withConnection { connection throws(WordServiceError) in
      try connection.inTransaction("import the words") { () throws(WordServiceError) in
        let lastBefore = try connection.deferSearchIndexing()
        var summary = ImportSummary(book: try connection.book(creatingIfMissing: title))
        let bookID = summary.book.id
        let findsDuplicates = policy != .keep
        var uncanonical =
          findsDuplicates ? try connection.firstWordIDsOfUncanonicalTerms(in: bookID) : [:]
        for (offset, draft) in drafts.enumerated() {
          let key = findsDuplicates ? draft.term.canonicalTerm : ""
          let firstID =
            findsDuplicates
            ? Self.earlier(
              try connection.firstWordID(withTermBytes: key, in: bookID), uncanonical[key])
            : nil
          switch (firstID, policy) {
          case (let wordID?, .update):
            try connection.overwriteWord(wordID, with: draft)
            summary.updated += 1
          case (.some, _):
            summary.skipped += 1
          case (nil, _):
            let word = try connection.insertWord(draft, into: bookID)
            if findsDuplicates && !key.utf8.elementsEqual(draft.term.utf8) {
              uncanonical[key] = word.id
            }
            summary.imported += 1
          }
          if offset % Self.importBatchSize == Self.importBatchSize - 1 {
            progress(offset + 1)
            if Task.isCancelled { throw .cancelled }
          }
        }
        try connection.indexDeferredWords(after: lastBefore)
        progress(drafts.count)
        summary.book.wordCount = try connection.wordCount(of: bookID) ?? 0
        return summary
      }
    }
  }

  /// The lower of two optional word IDs: the word added first.
  private static func earlier(_ first: Word.ID?, _ second: Word.ID?) -> Word.ID? {
    guard let first, let second else { return first ?? second }
    return min(first, second)
  }
}
