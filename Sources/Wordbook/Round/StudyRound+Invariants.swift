extension StudyRound {
  /// What breaks the round's bookkeeping, one sentence each: its current card is shown where it
  /// says, and, while it goes on, its counts are what is left.
  ///
  /// - Complexity: O(*n*) for *n* cards shown.
  func invariantViolations(in context: Context) -> [String] {
    var violations: [String] = []
    if let current, let position = currentPosition {
      if !context.visible.indices.contains(position) || context.visible.id(at: position) != current
      {
        violations.append("the round's current card \(current) is not shown at \(position)")
      }
    } else if current != nil || currentPosition != nil {
      violations.append("the round has a current card without a position, or the reverse")
    }
    if isOver, current != nil {
      violations.append("the round is over but has a current card")
    }
    if missed.count > ratedCount || Set(missed).count != missed.count {
      violations.append("the round's missed cards are not distinct cards it rated")
    }
    if counts.new < 0 || counts.learning < 0 || counts.due < 0 || counts.unscheduled < 0 {
      violations.append("the round counts \(counts), below zero")
    }
    guard isStarted, !isOver else { return violations }
    var recounted = self
    recounted.recount(in: context)
    if recounted.counts != counts {
      violations.append("the round counts \(counts) but \(recounted.counts) are left")
    }
    return violations
  }
}
