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
  /// - Complexity: O(*n* log *m*) for *n* drafts into a book of *m* words: each duplicate check
  ///   is one index lookup on (book, term).
  public func importWords(
    _ drafts: [WordDraft],
    intoBookTitled title: String,
    onDuplicate policy: DuplicatePolicy,
    progress: @Sendable (Int) -> Void
  ) async throws(WordServiceError) -> ImportSummary {
    let title = try WordServiceError.validTitle(title)
    if Task.isCancelled { throw .cancelled }
    return try withConnection { connection throws(WordServiceError) in
      try connection.inTransaction("import the words") { () throws(WordServiceError) in
        let bookID = try connection.bookID(creatingIfMissing: title)
        var summary = ImportSummary(book: WordBook(id: bookID, title: title))
        for (offset, draft) in drafts.enumerated() {
          var existing: Word.ID?
          if policy != .keep {
            existing = try connection.firstWord(withTerm: draft.term, in: bookID)
          }
          switch (existing, policy) {
          case (let wordID?, .update):
            try connection.overwriteWord(wordID, with: draft)
            summary.updated += 1
          case (.some, _):
            summary.skipped += 1
          case (nil, _):
            _ = try connection.insertWord(draft, into: bookID)
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
