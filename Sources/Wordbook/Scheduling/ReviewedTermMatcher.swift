/// Finds the words that reviews name by term, for a service's import: the one home of the rule
/// ``TermReview`` states, with the words of recently seen terms kept so that a history that
/// lists a word's reviews together looks each term up once.
///
/// The words of a term come from the service's own lookup by canonical term
/// (`String.canonicalTerm`); memory holds at most ``capacity`` terms' words, whatever the size
/// of the book or of the history.
package struct ReviewedTermMatcher {
  /// How many terms' words are kept at most.
  package static let capacity = 4096

  /// The words of each recently looked-up canonical term, oldest first.
  private var recent: [String: [Word]] = [:]

  package init() {}

  /// Reads `rows` and writes each batch with the words its reviews name.
  ///
  /// - Parameters:
  ///   - rows: The reviews by term.
  ///   - write: Takes each batch's reviews by word.
  ///   - lookup: The book's words whose canonical term is one of those given (each term once),
  ///     in any order.
  /// - Throws: What `rows`, `write` or `lookup` throw, or
  ///   ``WordServiceError/Kind/invalidInput`` with the reason `reviewedTermNotMatched` for the
  ///   first review that names no word.
  package mutating func match(
    _ rows: TermReviewImportRows,
    into write: ([WordReview]) throws(WordServiceError) -> Void,
    lookingUp lookup: ([String]) throws(WordServiceError) -> [Word]
  ) throws(WordServiceError) {
    // The batches' closure captures `write` and `lookup`, which Swift allows to be passed to
    // `rows` only as closures known not to escape.
    try withoutActuallyEscaping(write) { write throws(WordServiceError) in
      try withoutActuallyEscaping(lookup) { lookup throws(WordServiceError) in
        try rows { batch throws(WordServiceError) in
          try write(try wordReviews(batch, lookingUp: lookup))
        }
      }
    }
  }

  /// The reviews of `batch` with the words they name.
  ///
  /// - Parameters:
  ///   - batch: The reviews.
  ///   - lookup: The book's words whose canonical term is one of those given (each term once),
  ///     in any order.
  /// - Throws: What `lookup` throws, or ``WordServiceError/Kind/invalidInput`` with the reason
  ///   `reviewedTermNotMatched` for the first review that names no word.
  package mutating func wordReviews(
    _ batch: [TermReview],
    lookingUp lookup: ([String]) throws(WordServiceError) -> [Word]
  ) throws(WordServiceError) -> [WordReview] {
    let keys = batch.map(\.term.canonicalTerm)
    var missing = Self.distinct(keys.filter { recent[$0] == nil })
    if !missing.isEmpty {
      if recent.count + missing.count > Self.capacity {
        recent.removeAll(keepingCapacity: true)
        missing = Self.distinct(keys)
      }
      for key in missing { recent[key] = [] }
      for word in try lookup(missing) { recent[word.term.canonicalTerm, default: []].append(word) }
    }
    var reviews: [WordReview] = []
    reviews.reserveCapacity(batch.count)
    for (row, key) in zip(batch, keys) {
      let words = recent[key] ?? []
      reviews.append(WordReview(wordID: try Self.wordID(of: row, among: words), review: row.review))
    }
    return reviews
  }

  /// `keys` without repeats, in order.
  private static func distinct(_ keys: some Sequence<String>) -> [String] {
    var seen = Set<String>()
    return keys.filter { seen.insert($0).inserted }
  }

  /// The word `row` names among `words`, the book's words with its term.
  private static func wordID(of row: TermReview, among words: [Word]) throws(WordServiceError)
    -> Word.ID
  {
    let problem: ReviewedTermProblem
    if words.count == 1 {
      return words[0].id
    } else if words.isEmpty {
      problem = .unknownTerm(row.term)
    } else if let meaning = row.meaning {
      let sameMeaning = words.filter { $0.meaning == meaning }
      if let first = sameMeaning.min(by: { $0.id < $1.id }) { return first.id }
      problem = .unknownMeaning(row.term, meaning: meaning)
    } else {
      problem = .ambiguousTerm(row.term, count: words.count)
    }
    throw WordServiceError(.invalidInput, reason: .reviewedTermNotMatched(line: row.line, problem))
  }
}
