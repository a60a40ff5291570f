extension WordServiceError {
  /// The error for a wordbook ID that no book has.
  public static func bookNotFound(_ id: WordBook.ID) -> WordServiceError {
    WordServiceError(.notFound, reason: .bookNotFound(id))
  }

  /// The error for a word ID that no word has.
  public static func wordNotFound(_ id: Word.ID) -> WordServiceError {
    WordServiceError(.notFound, reason: .wordNotFound(id))
  }

  /// The error for a title that `existing`, another wordbook, already has.
  public static func titleTaken(by existing: WordBook) -> WordServiceError {
    WordServiceError(.titleTaken, reason: .titleTaken(existing))
  }

  /// The error for work stopped because its task was cancelled; nothing was changed.
  public static let cancelled = WordServiceError(.other, reason: .cancelled, isRetryable: true)

  /// The error for a storage failure.
  ///
  /// - Parameters:
  ///   - kind: The kind of failure.
  ///   - problem: What went wrong.
  ///   - operation: What the call was doing.
  ///   - path: The database file or folder.
  ///   - isRetryable: Whether trying again can help; by default, only for
  ///     ``Kind/unavailable``.
  public static func storage(
    _ kind: Kind, _ problem: StorageProblem, during operation: Operation, path: String,
    isRetryable: Bool? = nil
  ) -> WordServiceError {
    WordServiceError(
      kind, reason: .storage(StorageFailure(problem, during: operation, path: path)),
      isRetryable: isRetryable)
  }

  /// Returns `title` without surrounding white space, or throws when nothing is left.
  public static func validTitle(_ title: String) throws(WordServiceError) -> String {
    let trimmed = title.trimmingWhitespace()
    guard !trimmed.isEmpty else { throw WordServiceError(.invalidInput, reason: .blankTitle) }
    return trimmed
  }

  /// Returns `review` when its time lies within ``Review/timeBounds``, or throws.
  public static func validReview(_ review: Review) throws(WordServiceError) -> Review {
    guard Review.timeBounds.contains(review.time) else {
      throw WordServiceError(.invalidInput, reason: .reviewTimeOutOfBounds(review.time))
    }
    return review
  }

  /// Returns `term` when it holds more than white space, or throws.
  public static func validTerm(_ term: String) throws(WordServiceError) -> String {
    guard !term.trimmingWhitespace().isEmpty else {
      throw WordServiceError(.invalidInput, reason: .blankTerm)
    }
    return term
  }
}

extension String {
  /// The form under which two wordbook titles are the same title: trimmed and lowercased.
  ///
  /// Compare keys with `==`, which treats canonically equivalent strings (a precomposed "é"
  /// and "e" with a combining accent, or Hangul syllables and their jamo) as equal, so the
  /// comparison is also Unicode-normalized.
  package var wordbookTitleKey: String { trimmingWhitespace().lowercased() }

  /// The string without leading and trailing white space and newlines.
  package func trimmingWhitespace() -> String {
    var slice = Substring(self)
    while let first = slice.first, first.isWhitespace { slice.removeFirst() }
    while let last = slice.last, last.isWhitespace { slice.removeLast() }
    return String(slice)
  }
}
