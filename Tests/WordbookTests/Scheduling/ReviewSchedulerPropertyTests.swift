import Testing
import Wordbook

/// Invariants of the scheduler on thousands of seeded random histories, fuzzed and not.
@Suite struct ReviewSchedulerPropertyTests {
  static let histories = 1_000

  /// Settings with fuzz on and off and a range of maximum intervals.
  private static func schedulers() throws -> [ReviewScheduler] {
    try [(true, 36_500), (false, 36_500), (true, 30), (false, 5), (true, 4)].map {
      ReviewScheduler(
        settings: try SchedulerSettings(maximumInterval: $0.1, isFuzzEnabled: $0.0))
    }
  }

  /// Every state a history goes through, the first being the new state.
  private static func states(
    of reviews: [Review], scheduler: ReviewScheduler, fuzzSeed: UInt64
  ) -> [MemoryState] {
    var generator = SplitMix64(seed: fuzzSeed)
    var states = [MemoryState.new]
    for review in reviews {
      states.append(
        scheduler.review(
          states[states.count - 1], rating: review.rating, at: review.time, using: &generator))
    }
    return states
  }

  @Test func replayingTheLogGivesTheStoredStateAndUndoRestoresTheOneBefore() throws {
    var random = RandomReviews(seed: 2_701)
    for scheduler in try Self.schedulers() {
      for seed in 0..<UInt64(Self.histories / 5) {
        let reviews = random.history(count: random.count(upTo: 30), scheduler: scheduler)
        let states = Self.states(of: reviews, scheduler: scheduler, fuzzSeed: seed)
        var generator = SplitMix64(seed: seed)
        let replayed = scheduler.replay(reviews, using: &generator)
        try #require(replayed == states.last)
        // Undo is a replay without the last review.
        for count in 0..<reviews.count {
          var generator = SplitMix64(seed: seed)
          let undone = scheduler.replay(reviews.prefix(count), using: &generator)
          try #require(undone == states[count], "undoing review \(count + 1) of \(reviews)")
        }
      }
    }
  }

  @Test func theSameSeedGivesTheSameFuzzedStatesAndAnotherSeedOtherDueTimes() throws {
    let scheduler = ReviewScheduler(settings: .standard)
    var random = RandomReviews(seed: 2_702)
    var differences = 0
    for seed in 0..<UInt64(Self.histories) {
      let reviews = random.history(count: random.count(upTo: 30), scheduler: scheduler)
      let first = Self.states(of: reviews, scheduler: scheduler, fuzzSeed: seed)
      let second = Self.states(of: reviews, scheduler: scheduler, fuzzSeed: seed)
      try #require(first == second)
      let other = Self.states(of: reviews, scheduler: scheduler, fuzzSeed: seed + 1_000_000)
      if zip(first, other).contains(where: { $0.due != $1.due }) { differences += 1 }
    }
    // Fuzz moves only review intervals of 3 days or more: most histories reach one.
    #expect(differences > Self.histories / 2)
  }

  @Test func everyStepKeepsTheModelsBoundsAndNoIntervalExceedsTheMaximum() throws {
    var random = RandomReviews(seed: 2_703)
    for scheduler in try Self.schedulers() {
      let settings = scheduler.settings
      let longestStep = (settings.learningSteps + settings.relearningSteps).max() ?? .zero
      for seed in 0..<UInt64(Self.histories) {
        let reviews = random.history(
          count: random.count(upTo: 30), scheduler: scheduler, fuzzSeed: seed)
        let states = Self.states(of: reviews, scheduler: scheduler, fuzzSeed: seed)
        for (number, (review, (before, after))) in zip(reviews, zip(states, states.dropFirst()))
          .enumerated()
        {
          let due = try #require(after.due)
          let wait = review.time.distance(to: due)
          if after.phase == .review {
            try #require(wait >= 86_400 && wait <= Int64(settings.maximumInterval) * 86_400)
          } else {
            // A hard first step may wait half as long again as the step.
            try #require(wait > 0 && wait <= longestStep.components.seconds * 3 / 2)
          }
          try #require((1...10).contains(after.difficulty), "review \(number)")
          try #require(after.stability >= 0.001)
          try #require(after.reviewCount == number + 1 && after.lastReview == review.time)
          let lapsed = before.phase == .review && review.rating == .again
          try #require(after.lapseCount == before.lapseCount + (lapsed ? 1 : 0))
        }
      }
    }
  }
}
