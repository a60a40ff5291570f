import Wordbook

extension SQLiteWordService {
  /// How many rows an import writes between progress reports and cancellation checks.
  package static let importBatchSize = 1024

  /// Adds many words to a book in one transaction: all of them, or none.
  ///
  /// Rows are written in batches of prepared inserts inside the one transaction. Between
  /// batches the import reports progress and checks for cancellation; a cancelled import rolls
  /// back and throws `WordServiceError.cancelled`. `progress` runs while the
  /// service is busy with the import, so it must not call the service.
  ///
  /// Duplicates are found by exact term, compared as Swift strings (so canonically equivalent
  /// text such as a precomposed and a decomposed "é" matches), like `InMemoryWordService`.
  ///
  /// - Complexity: O(*n* + *m*) for *n* drafts into a book of *m* words, plus O(*n* log *m*) for
  ///   the inserts: the book's terms are read once from the (book, term) index, unless the
  ///   policy is `keep`.
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
        var summary = ImportSummary(book: try connection.book(creatingIfMissing: title))
        let bookID = summary.book.id
        var firstIDs = policy == .keep ? [:] : try connection.firstWordIDsByTerm(in: bookID)
        for (offset, draft) in drafts.enumerated() {
          switch (firstIDs[draft.term], policy) {
          case (let wordID?, .update):
            try connection.overwriteWord(wordID, with: draft)
            summary.updated += 1
          case (.some, _):
            summary.skipped += 1
          case (nil, _):
            let word = try connection.insertWord(draft, into: bookID)
            if policy != .keep { firstIDs[draft.term] = word.id }
            summary.imported += 1
          }
          if offset % Self.importBatchSize == Self.importBatchSize - 1 {
            progress(offset + 1)
            if Task.isCancelled { throw .cancelled }
          }
        }
        progress(drafts.count)
        summary.book.wordCount = try connection.wordCount(of: bookID) ?? 0
        return summary
      }
    }
  }
}
