/// What the scheduler knows of the learner's memory of one word, and when to review it next.
///
/// A word starts at ``new``; each review gives the next state through
/// ``ReviewScheduler/review(_:rating:at:using:)``, and a word's whole log gives its state
/// through ``ReviewScheduler/replay(_:from:using:)``. Stability and difficulty are the two
/// variables of FSRS's memory model: the retrievability they predict at a given time is
/// ``ReviewScheduler/retrievability(of:at:)``.
public struct MemoryState: Hashable, Sendable, Codable {
  /// The word's place in the learning cycle, with its current learning or relearning step.
  public var phase: MemoryPhase
  /// The number of days after which the chance of recalling the word falls to 90%; 0 while new.
  public var stability: Double
  /// How hard the word is to remember, from 1 (easiest) to 10; 0 while new.
  public var difficulty: Double
  /// When the word should be reviewed next; `nil` while new, since a new word waits for the
  /// learner to start it.
  public var due: Timestamp?
  /// When the word was last reviewed; `nil` while new.
  public var lastReview: Timestamp?
  /// How many times the word has been reviewed.
  public var reviewCount: Int
  /// How many times the word was forgotten (rated ``Rating/again``) in the review phase.
  public var lapseCount: Int

  /// Creates a memory state from its parts, as a store that persisted one reads it back.
  ///
  /// - Parameters:
  ///   - phase: The word's place in the learning cycle.
  ///   - stability: The days after which recall falls to 90%; 0 while new.
  ///   - difficulty: How hard the word is, from 1 to 10; 0 while new.
  ///   - due: When the word should be reviewed next.
  ///   - lastReview: When the word was last reviewed.
  ///   - reviewCount: How many times the word has been reviewed.
  ///   - lapseCount: How many times the word was forgotten in the review phase.
  public init(
    phase: MemoryPhase, stability: Double, difficulty: Double, due: Timestamp?,
    lastReview: Timestamp?, reviewCount: Int, lapseCount: Int
  ) {
    self.phase = phase
    self.stability = stability
    self.difficulty = difficulty
    self.due = due
    self.lastReview = lastReview
    self.reviewCount = reviewCount
    self.lapseCount = lapseCount
  }

  /// The state of a word that has never been reviewed.
  public static let new = MemoryState(
    phase: .new, stability: 0, difficulty: 0, due: nil, lastReview: nil, reviewCount: 0,
    lapseCount: 0)
}
