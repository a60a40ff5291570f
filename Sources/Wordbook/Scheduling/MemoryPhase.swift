/// Where a word stands in the scheduler's cycle, with its current short step where it has one.
///
/// A word starts ``new`` and goes through the ``learning(step:)`` steps (by default 1 and 10
/// minutes) to ``review``, where its intervals are whole days. Forgetting it in review sends it
/// through the ``relearning(step:)`` steps back to review.
///
/// py-fsrs has no new phase: there a word never reviewed is in learning at step 0 with no
/// stability yet. A new word is scheduled exactly as that card is.
public enum MemoryPhase: Hashable, Sendable, Codable {
  /// The word has never been reviewed.
  case new
  /// The word is going through the learning steps.
  ///
  /// - Parameter step: The index in ``SchedulerSettings/learningSteps`` of the step the word
  ///   waits on.
  case learning(step: Int)
  /// The word is scheduled in whole days from its stability.
  case review
  /// The word was forgotten in review and is going through the relearning steps.
  ///
  /// - Parameter step: The index in ``SchedulerSettings/relearningSteps`` of the step the word
  ///   waits on.
  case relearning(step: Int)
}

extension MemoryPhase {
  /// Whether the word is going through short steps, learning or relearning: a study round
  /// shows it again as soon as its step is due.
  public var isLearning: Bool {
    switch self {
    case .learning, .relearning: true
    case .new, .review: false
    }
  }
}
