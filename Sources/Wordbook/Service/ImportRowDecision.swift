/// What an import does with one row: the rule of ``DuplicatePolicy`` that every service applies,
/// written once.
///
/// A row with the term and meaning of a card of the book (or of a row imported before it) is a
/// duplicate, one with a known term and a new meaning a homonym. The service finds the cards with
/// the row's term; the decision says what to write and counts the row in the summary.
package enum ImportRowDecision: Equatable, Sendable {
  /// Add the row as a new card.
  case insert
  /// Store this card, the duplicate updated from the row.
  case update(Word)
  /// Write nothing.
  case leave

  /// How many rows an import decides between progress reports and cancellation checks.
  package static let batchSize = 1024

  /// Decides what to do with `draft` and counts it in `summary`.
  ///
  /// - Parameters:
  ///   - draft: The row.
  ///   - sameTerm: The book's cards whose term equals the row's (as Swift strings compare),
  ///     oldest first: the first with the same meaning is the one a duplicate updates.
  ///   - policy: What to do with a duplicate.
  ///   - summary: The import's counts, one more after the call.
  package static func decide(
    _ draft: WordDraft, sameTerm: [Word], policy: DuplicatePolicy,
    summary: inout ImportSummary
  ) -> ImportRowDecision {
    let match = sameTerm.first { $0.meaning == draft.meaning }
    if var word = match, policy != .keep {
      if policy == .skip {
        summary.duplicates += 1
        return .leave
      }
      guard word.update(from: draft) else {
        summary.unchanged += 1
        return .leave
      }
      summary.updated += 1
      return .update(word)
    }
    if match != nil {
      summary.duplicates += 1
    } else if sameTerm.isEmpty {
      summary.added += 1
    } else {
      summary.homonyms += 1
    }
    return .insert
  }
}
