/// A word's memory state together with the generator its next review draws fuzz from: what a
/// word's review log replays to.
///
/// The generator starts seeded from the word's ID, so replaying the log gives the same fuzz as
/// the reviews did, on any machine and in any service. A service that keeps each word's memory
/// stores both parts and records a review with ``reviewed(_:by:)``; one that keeps only the log
/// calls ``replaying(_:of:with:)``. Both give the same value.
///
/// ```swift
/// var memory = WordMemory(for: word.id)
/// memory = memory.reviewed(Review(rating: .good, time: now), by: scheduler)
/// memory == WordMemory.replaying([Review(rating: .good, time: now)], of: word.id, with: scheduler)
/// ```
public struct WordMemory: Hashable, Sendable, Codable {
  /// The word's memory state.
  public var state: MemoryState
  /// Where the word's next review draws its fuzz from.
  public var generator: SplitMix64

  /// The memory of a word never reviewed: ``MemoryState/new``, with the generator seeded from
  /// the word's ID.
  ///
  /// - Parameter wordID: The word.
  public init(for wordID: Word.ID) {
    self.init(state: .new, generator: SplitMix64(seed: UInt64(bitPattern: wordID.rawValue)))
  }

  /// Creates a memory from its parts, as a service that stored one reads it back.
  ///
  /// - Parameters:
  ///   - state: The word's memory state.
  ///   - generator: The generator its next review draws from.
  public init(state: MemoryState, generator: SplitMix64) {
    self.state = state
    self.generator = generator
  }

  /// The memory after `review`, scheduled by `scheduler`.
  ///
  /// - Parameters:
  ///   - review: The learner's rating and when it was given.
  ///   - scheduler: The scheduler, with the database's settings.
  /// - Returns: The next state, and the generator advanced past the review's draw.
  public func reviewed(_ review: Review, by scheduler: ReviewScheduler) -> WordMemory {
    var next = self
    next.state = scheduler.review(
      state, rating: review.rating, at: review.time, using: &next.generator)
    return next
  }

  /// Whether `review` comes at or after the last review this memory holds, so that
  /// ``reviewed(_:by:)`` gives what the log with it replays to; a review from before (a rating
  /// made offline, sent late) needs the whole log replayed with it (``replaying(_:of:with:)``).
  public func takesInOrder(_ review: Review) -> Bool {
    state.lastReview.map { review.time >= $0 } ?? true
  }

  /// The memory after `review` joins the word's log: ``reviewed(_:by:)`` when it comes in
  /// order (``takesInOrder(_:)``), else the log read by `log` replayed with it in time order.
  ///
  /// - Parameters:
  ///   - review: The review being recorded.
  ///   - wordID: The word, whose ID seeds a replay's generator.
  ///   - scheduler: The scheduler, with the database's settings.
  ///   - log: Reads the word's log without `review`; called only for a review out of order.
  public func recording<Failure: Error>(
    _ review: Review, of wordID: Word.ID, by scheduler: ReviewScheduler,
    log: () throws(Failure) -> [Review]
  ) throws(Failure) -> WordMemory {
    guard !takesInOrder(review) else { return reviewed(review, by: scheduler) }
    return Self.replaying(try log() + [review], of: wordID, with: scheduler)
  }

  /// The memory a word's whole log gives, replayed from its first review in time order
  /// (reviews of the same time in the order given).
  ///
  /// - Parameters:
  ///   - reviews: The word's reviews, in any order.
  ///   - wordID: The word, whose ID seeds the generator.
  ///   - scheduler: The scheduler, with the database's settings.
  /// - Returns: The memory after the last review, or a new word's when there is none.
  /// - Complexity: O(*n*) for *n* reviews in time order, else O(*n* log *n*).
  public static func replaying(
    _ reviews: some Sequence<Review>, of wordID: Word.ID, with scheduler: ReviewScheduler
  ) -> WordMemory {
    var memory = WordMemory(for: wordID)
    memory.state = scheduler.replay(Array(reviews).inTimeOrder(), using: &memory.generator)
    return memory
  }
}
