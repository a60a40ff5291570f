/// A review that names its word by term, as a review history from another app does: the
/// service finds the word in the book the history is imported into.
///
/// A term that one word of the book has names that word, whatever ``meaning`` says; a term that
/// several words share (homonyms such as 배, a pear, a boat and a belly) needs the meaning of
/// one of them. Terms and meanings are compared as Swift compares strings, so text in another
/// Unicode normalization still matches.
public struct TermReview: Hashable, Sendable {
  /// Where the review came from, such as its line in a file: the error of a review that names
  /// no word gives it back.
  public var line: Int
  /// The term of the word reviewed.
  public var term: String
  /// The meaning of the word reviewed, which tells homonyms apart; `nil` when the history
  /// has none.
  public var meaning: String?
  /// The rating and when it was given.
  public var review: Review

  /// Creates a review of the word with a term.
  ///
  /// - Parameters:
  ///   - line: Where the review came from, which an error names.
  ///   - term: The term of the word reviewed.
  ///   - meaning: The meaning that tells homonyms apart, if the history has one.
  ///   - review: The rating and when it was given.
  public init(line: Int, term: String, meaning: String? = nil, review: Review) {
    self.line = line
    self.term = term
    self.meaning = meaning
    self.review = review
  }
}

/// The rows of a review import by term: given a `write` function, hands it the reviews batch by
/// batch.
public typealias TermReviewImportRows =
  @Sendable (_ write: (_ batch: [TermReview]) throws(WordServiceError) -> Void)
  throws(WordServiceError) -> Void
