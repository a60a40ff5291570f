/// Why a review that names its word by term (a ``TermReview``) names no word of the book.
public enum ReviewedTermProblem: Hashable, Sendable, Codable {
  /// The book has no word with the term.
  case unknownTerm(String)
  /// The term names several words of the book and the review gives no meaning to tell which.
  case ambiguousTerm(String, count: Int)
  /// The term names several words of the book, none with the meaning.
  case unknownMeaning(String, meaning: String)
}
