#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The FSRS-6 scheduler: from a word's memory state and a rating, the word's next state.
///
/// Its numbers are py-fsrs 6.3.2's: with fuzz off, every due time equals py-fsrs's to the
/// second and every stability and difficulty to within 1e-4, whatever the ratings and however
/// early or late the reviews. It reads no clock and no random source of its own: the time of a
/// review is an argument, and fuzz draws from the generator the caller passes, so a word's log
/// replays to the same state on any machine.
///
/// ```swift
/// let scheduler = ReviewScheduler(settings: .standard)
/// var generator = SplitMix64(seed: wordSeed)
/// var state = MemoryState.new
/// state = scheduler.review(state, rating: .good, at: now, using: &generator)
/// // state.phase == .learning(step: 1), due 10 minutes after `now`
/// ```
public struct ReviewScheduler: Hashable, Sendable {
  /// The settings the scheduler computes with.
  public let settings: SchedulerSettings
  /// The exponent of the forgetting curve, `-w[20]`.
  let decay: Double
  /// The scale of the forgetting curve, chosen so that recall falls to 90% after `stability`
  /// days.
  let factor: Double

  /// Creates a scheduler with `settings`.
  ///
  /// - Parameter settings: The weights, retention, steps and limits to schedule with.
  public init(settings: SchedulerSettings = .standard) {
    self.settings = settings
    decay = -settings.parameters[20]
    factor = pow(0.9, 1 / decay) - 1
  }

  /// The state of a word after the learner rated it `rating` at `time`.
  ///
  /// A new word is scheduled as py-fsrs schedules a card in learning at step 0 with no memory
  /// yet. Reviews within the same day (including early ones and two within a minute) change
  /// stability by FSRS's short-term formula; reviews a day or more apart, by its long-term
  /// formulas at the retrievability the word had reached.
  ///
  /// - Parameters:
  ///   - state: The word's state before the review.
  ///   - rating: How well the learner recalled the word.
  ///   - time: When the learner rated it.
  ///   - generator: Where fuzz draws from. With fuzz on, every review takes exactly one number
  ///     from it, fuzzed or not, so its position depends only on the number of reviews; with
  ///     fuzz off it is left alone.
  /// - Returns: The word's state after the review, with its next due time.
  public func review(
    _ state: MemoryState, rating: Rating, at time: Timestamp, using generator: inout SplitMix64
  ) -> MemoryState {
    let fuzz = settings.isFuzzEnabled ? Self.fraction(generator.next()) : nil
    var next = state
    (next.stability, next.difficulty) = memory(of: state, after: rating, at: time)
    let wait: Duration?
    (next.phase, wait) = phase(after: rating, from: state.phase)
    if let wait {
      next.due = time.advanced(by: wait.components.seconds)
    } else {
      let days = interval(forStability: next.stability)
      let fuzzedDays = fuzz.map { fuzzedInterval(days, at: $0) } ?? days
      next.due = time.advanced(by: Int64(fuzzedDays) * Timestamp.secondsPerDay)
    }
    next.lastReview = time
    next.reviewCount += 1
    if state.phase == .review && rating == .again { next.lapseCount += 1 }
    return next
  }

  /// The state a word reaches through `reviews`, applied in order from `start`.
  ///
  /// Replaying a word's whole log from ``MemoryState/new`` with a generator seeded as it was
  /// for the reviews gives the state they gave; replaying it without its last review undoes
  /// that review. The reviews are applied in the order given, as they were made, even where a
  /// clock set back makes a time earlier than the one before; py-fsrs's `reschedule_card`
  /// sorts them by time first.
  ///
  /// ```swift
  /// var generator = SplitMix64(seed: wordSeed)
  /// let beforeLastReview = scheduler.replay(log.dropLast(), using: &generator)
  /// ```
  ///
  /// - Parameters:
  ///   - reviews: The reviews, in the order they happened.
  ///   - start: The state before the first of them.
  ///   - generator: Where fuzz draws from, as in ``review(_:rating:at:using:)``.
  /// - Returns: The state after the last review, or `start` when there is none.
  /// - Complexity: O(*n*) for *n* reviews.
  public func replay(
    _ reviews: some Sequence<Review>, from start: MemoryState = .new,
    using generator: inout SplitMix64
  ) -> MemoryState {
    var state = start
    for review in reviews {
      state = self.review(state, rating: review.rating, at: review.time, using: &generator)
    }
    return state
  }

  /// The predicted chance that the learner recalls the word at `time`, from 0 to 1.
  ///
  /// As in FSRS, time is counted in whole days since the last review, so the chance stays at 1
  /// for the first day. A new word has nothing to recall: its retrievability is 0.
  ///
  /// - Parameters:
  ///   - state: The word's memory state.
  ///   - time: When the learner would be asked.
  /// - Returns: The probability of recall at `time`.
  public func retrievability(of state: MemoryState, at time: Timestamp) -> Double {
    guard state.phase != .new, let lastReview = state.lastReview else { return 0 }
    return retrievability(stability: state.stability, lastReview: lastReview, at: time)
  }

  /// The predicted chance of recall at `time` of a word reviewed last at `lastReview` whose
  /// stability is `stability`.
  func retrievability(stability: Double, lastReview: Timestamp, at time: Timestamp) -> Double {
    let elapsedDays = max(0, time.wholeDays(since: lastReview))
    return pow(1 + factor * Double(elapsedDays) / stability, decay)
  }

  /// A number in `0..<1` from 64 random bits: their top 53, as many as a `Double` holds.
  private static func fraction(_ bits: UInt64) -> Double {
    Double(bits >> 11) * 0x1p-53
  }
}
