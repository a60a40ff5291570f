import Wordbook

/// A book's words as a review history names them: by term, and by term and meaning for a term
/// that names several words (homonyms such as 배, a pear, a boat and a belly).
struct ReviewedWordIndex: Sendable {
  private struct TermAndMeaning: Hashable {
    var term: String
    var meaning: String
  }

  /// The first word of each term, with its meaning.
  private var byTerm: [String: (id: Word.ID, meaning: String)] = [:]
  /// How many words share each term that more than one word has.
  private var homonymCounts: [String: Int] = [:]
  /// The words of the terms that more than one word has; the first of two with the same term
  /// and meaning.
  private var homonyms: [TermAndMeaning: Word.ID] = [:]

  /// Adds a word of the book, in the order they were added.
  mutating func add(_ word: Word) {
    guard let first = byTerm[word.term] else {
      byTerm[word.term] = (word.id, word.meaning)
      return
    }
    if homonymCounts[word.term] == nil {
      homonyms[TermAndMeaning(term: word.term, meaning: first.meaning)] = first.id
    }
    homonymCounts[word.term, default: 1] += 1
    let key = TermAndMeaning(term: word.term, meaning: word.meaning)
    if homonyms[key] == nil { homonyms[key] = word.id }
  }

  /// The word a line names with `term` and, when the history has a meaning column, `meaning`:
  /// a term only one word has names it whatever the meaning; a term several words have needs
  /// the meaning of one of them.
  func wordID(term: String, meaning: String?) -> Result<Word.ID, ReviewLineProblem> {
    guard let first = byTerm[term] else { return .failure(.unknownTerm(term)) }
    guard let count = homonymCounts[term] else { return .success(first.id) }
    guard let meaning else { return .failure(.ambiguousTerm(term, count: count)) }
    guard let id = homonyms[TermAndMeaning(term: term, meaning: meaning)] else {
      return .failure(.unknownMeaning(term, meaning: meaning))
    }
    return .success(id)
  }
}
