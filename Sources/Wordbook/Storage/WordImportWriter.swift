/// Where an import writes a book's new and updated cards, and finds the cards a row is compared
/// with: each service's own, behind ``importRows(_:policy:summary:progress:isCancelled:)``, the
/// loop every import runs.
package protocol WordImportWriter {
  /// The book's cards whose term, in canonical form (`String.canonicalTerm`), is `term`, oldest
  /// first: the stored ones, then those the import added.
  func cards(withTerm term: String) throws(WordServiceError) -> [Word]

  /// Adds `draft`, whose term's canonical form is `term`, as a new card.
  mutating func add(_ draft: WordDraft, term: String) throws(WordServiceError)

  /// Stores the study state and image of `word`, a card found by ``cards(withTerm:)``.
  mutating func update(_ word: Word) throws(WordServiceError)
}

extension WordImportWriter {
  /// Imports `rows`, as ``WordService/importWords(intoBookTitled:onDuplicate:progress:rows:)``
  /// does: each row is decided by ``ImportRowDecision`` against the cards with its term, and
  /// written here.
  ///
  /// - Parameters:
  ///   - rows: The drafts, batch by batch.
  ///   - policy: What to do with a duplicate.
  ///   - summary: The import's counts, one more for each row.
  ///   - progress: Told how many rows were processed, every `ImportRowDecision.batchSize`
  ///     rows and at the end.
  ///   - isCancelled: Whether the import was cancelled, asked every
  ///     `ImportRowDecision.batchSize` rows.
  /// - Throws: ``WordServiceError/Kind/cancelled``, or what `rows` or the writes throw. The
  ///   caller's transaction keeps all of the rows or none.
  package mutating func importRows(
    _ rows: ImportRows, policy: DuplicatePolicy, summary: inout ImportSummary,
    progress: (Int) -> Void, isCancelled: () -> Bool
  ) throws(WordServiceError) {
    var processed = 0
    // The batches' closure captures `progress` and `isCancelled`, which Swift allows to be
    // passed to `rows` only as closures known not to escape.
    try withoutActuallyEscaping(progress) { progress throws(WordServiceError) in
      try withoutActuallyEscaping(isCancelled) { isCancelled throws(WordServiceError) in
        try rows { batch throws(WordServiceError) in
          for draft in batch {
            let term = draft.term.canonicalTerm
            switch ImportRowDecision.decide(
              draft, sameTerm: try cards(withTerm: term), policy: policy, summary: &summary)
            {
            case .insert: try add(draft, term: term)
            case .update(let word): try update(word)
            case .leave: break
            }
            processed += 1
            if processed % ImportRowDecision.batchSize == 0 {
              progress(processed)
              if isCancelled() { throw .cancelled }
            }
          }
        }
      }
    }
    progress(processed)
  }
}
