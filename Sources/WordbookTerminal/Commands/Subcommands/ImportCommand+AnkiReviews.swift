import Wordbook
import WordbookAnki

extension CommandSession {
  /// Imports the answers of a package's review log as the reviews of the words its notes became,
  /// through ``WordService/importReviews(_:)`` as `import-reviews` does, once the words are saved.
  ///
  /// Only the words this import added get reviews: a note skipped as a duplicate, or that
  /// updated a word the book had, brings none (that word has a history of its own), and its
  /// answers are counted as skipped. When the reviews fail or are cancelled (SIGINT, SIGTERM,
  /// SIGHUP), they roll back and the words this import added are deleted again, or the book when
  /// the import made it, so the library is left as it was, but for the words
  /// `--on-duplicate update` changed. After a signal, the words are deleted one by one within
  /// ``CommandInterruption/gracePeriod``; the ones it leaves no time for stay.
  ///
  /// - Parameters:
  ///   - file: The package's name as the user gave it, for the error when the log cannot be read.
  ///   - madeBook: Whether the import of the words made their book.
  /// - Returns: What became of the answers.
  /// - Throws: The failure of the reviews' import, once the words are deleted.
  func importReviews(
    of log: AnkiReviewLog, in file: String, _ plan: AnkiImportPlan, _ summary: ImportSummary,
    _ policy: DuplicatePolicy, madeBook: Bool
  ) async throws(CommandFailure) -> AnkiReviewSummary {
    let added = try await addedWords(summary, policy)
    let words = AnkiPackage.noteWords(of: plan, added: added)
    let now = Timestamp.now
    let service = service
    let result: Result<Int, any Error>
    do {
      result = try await CommandInterruption.shared.runCancellable {
        try await service.importReviews { write throws(WordServiceError) in
          try log.readReviews(of: words, now: now, into: write)
        }
      }
    } catch {
      await undo(added, book: madeBook ? summary.book : nil)
      throw error
    }
    switch result {
    case .success(let count):
      var reviews = log.skipped
      reviews.imported = count
      return reviews
    case .failure(let error):
      await undo(added, book: madeBook ? summary.book : nil)
      // The log's own error, worded in the user's language, rather than the service's.
      if let failure = log.failure { throw .runtime(.unreadablePackage(file: file, failure)) }
      if let error = error as? WordServiceError { throw .service(error) }
      throw .runtime(.other(String(describing: error)))
    }
  }

  /// The words an import added to its book, oldest first: the last ones of the book, since
  /// they were added after every word it had.
  private func addedWords(_ summary: ImportSummary, _ policy: DuplicatePolicy)
    async throws(CommandFailure) -> [Word]
  {
    let count = summary.added + summary.homonyms + (policy == .keep ? summary.duplicates : 0)
    var before = summary.book.wordCount - count
    var added: [Word] = []
    added.reserveCapacity(count)
    try await forEachPage(of: summary.book) { page throws(CommandFailure) in
      let skipped = min(before, page.count)
      before -= skipped
      added += page.dropFirst(skipped)
    }
    return added
  }

  /// Deletes the book an import made, or else the words it added, once its reviews failed;
  /// a signal does not stop it, and a failure to delete is not told over the one that caused it.
  private func undo(_ words: [Word], book: WordBook?) async {
    if let book {
      _ = try? await service.deleteBook(book.id)
      return
    }
    for word in words { _ = try? await service.deleteWord(word.id) }
  }
}
