import Wordbook

/// Random review histories from a seeded generator, timed as learners time them: on the due
/// time, early, late, twice within a minute, and now and then before the last review (a clock
/// set back).
struct RandomReviews {
  /// Where every choice comes from.
  var generator: SplitMix64

  init(seed: UInt64) {
    generator = SplitMix64(seed: seed)
  }

  /// `count` reviews of one word, timed against the due times `scheduler` gives, with fuzz
  /// drawn from a generator seeded with `fuzzSeed`.
  mutating func history(
    count: Int, scheduler: ReviewScheduler, fuzzSeed: UInt64 = 0
  ) -> [Review] {
    var fuzz = SplitMix64(seed: fuzzSeed)
    var state = MemoryState.new
    var time = Timestamp(
      secondsSince1970: 1_600_000_000 + Int64(generator.next(below: 300_000_000)))
    var reviews: [Review] = []
    for _ in 0..<count {
      if let due = state.due, let lastReview = state.lastReview {
        time = self.time(due: due, lastReview: lastReview)
      }
      let review = Review(rating: rating(), time: time)
      reviews.append(review)
      state = scheduler.review(state, rating: review.rating, at: review.time, using: &fuzz)
    }
    return reviews
  }

  /// Fuzz-free settings: mostly py-fsrs's defaults, otherwise other steps (none, odd, three,
  /// days long), retentions, maximum intervals or random weights within their bounds.
  mutating func settings() throws -> SchedulerSettings {
    switch generator.next(below: 10) {
    case 0:
      return try SchedulerSettings(learningSteps: [], relearningSteps: [], isFuzzEnabled: false)
    case 1:
      // Odd steps: a hard first step then ends on a half second, which both sides round down.
      return try SchedulerSettings(
        learningSteps: [.seconds(61)], relearningSteps: [.seconds(90), .seconds(3_601)],
        isFuzzEnabled: false)
    case 2:
      return try SchedulerSettings(
        desiredRetention: 0.8, learningSteps: [.seconds(60), .seconds(300), .seconds(1_800)],
        maximumInterval: 180, isFuzzEnabled: false)
    case 3:
      return try SchedulerSettings(
        learningSteps: [.seconds(86_400), .seconds(3 * 86_400)],
        relearningSteps: [.seconds(2 * 86_400)], isFuzzEnabled: false)
    case 4:
      return try SchedulerSettings(
        parameters: randomParameters(), desiredRetention: 0.7 + 0.29 * fraction(),
        maximumInterval: 1 + Int(generator.next(below: 36_500)), isFuzzEnabled: false)
    default:
      return try SchedulerSettings(isFuzzEnabled: false)
    }
  }

  /// A number of reviews for one history, from 1 to `maximum`.
  mutating func count(upTo maximum: Int) -> Int {
    1 + Int(generator.next(below: UInt64(maximum)))
  }

  private mutating func rating() -> Rating {
    switch generator.next(below: 20) {
    case 0..<3: .again
    case 3..<6: .hard
    case 6..<17: .good
    default: .easy
    }
  }

  private mutating func time(due: Timestamp, lastReview: Timestamp) -> Timestamp {
    let wait = max(lastReview.distance(to: due), 1)
    switch generator.next(below: 20) {
    case 0..<7:
      return due
    case 7..<11:
      return lastReview.advanced(by: Int64(generator.next(below: UInt64(wait))))
    case 11..<14:
      // Late by up to twice the wait, and at most a year, so that years stay within what
      // Python's datetime holds.
      let lateness = min(2 * wait, 365 * 86_400)
      return due.advanced(by: 1 + Int64(generator.next(below: UInt64(lateness))))
    case 14..<16:
      // Days late, so that words in learning and relearning meet the long-term formulas too.
      return due.advanced(by: 1 + Int64(generator.next(below: 30 * 86_400)))
    case 16..<19:
      return lastReview.advanced(by: Int64(generator.next(below: 60)))
    default:
      return lastReview.advanced(by: -1 - Int64(generator.next(below: 2 * 86_400)))
    }
  }

  private mutating func randomParameters() -> [Double] {
    SchedulerSettings.parameterBounds.map { bounds in
      bounds.lowerBound + (bounds.upperBound - bounds.lowerBound) * fraction()
    }
  }

  private mutating func fraction() -> Double {
    Double(generator.next() >> 11) * 0x1p-53
  }
}
