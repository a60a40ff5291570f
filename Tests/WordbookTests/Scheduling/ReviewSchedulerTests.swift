import Testing

@testable import Wordbook

@Suite struct ReviewSchedulerTests {
  private let start = Timestamp(secondsSince1970: 1_767_225_600)  // 2026-01-01 00:00 UTC

  private func scheduler(
    learningSteps: [Duration] = [.seconds(60), .seconds(600)],
    relearningSteps: [Duration] = [.seconds(600)]
  ) throws -> ReviewScheduler {
    ReviewScheduler(
      settings: try SchedulerSettings(
        learningSteps: learningSteps, relearningSteps: relearningSteps, isFuzzEnabled: false))
  }

  @Test func thePublishedVector() throws {
    var generator = SplitMix64(seed: 1)
    // FSRS's reference vector, checked against py-fsrs 6.3.2: each review on the due time.
    let scheduler = try scheduler()
    let ratings: [Rating] =
      Array(repeating: .good, count: 6) + [.again, .again]
      + Array(repeating: .good, count: 5)
    var state = MemoryState.new
    var time = start
    var intervals: [Int64] = []
    for rating in ratings {
      state = scheduler.review(state, rating: rating, at: time, using: &generator)
      let due = try #require(state.due)
      intervals.append(due.wholeDays(since: time))
      time = due
    }
    #expect(intervals == [0, 2, 11, 46, 163, 498, 0, 0, 2, 4, 7, 12, 21])
    #expect(abs(state.stability - 20.77035728499242) < 1e-9)
    #expect(abs(state.difficulty - 9.055759917231622) < 1e-9)
    #expect(state.phase == .review)
    #expect(state.reviewCount == 13)
    #expect(state.lapseCount == 1)
  }

  @Test(arguments: [
    (Rating.again, MemoryPhase.learning(step: 0), 0.212, 6.4133, Int64(60)),
    (.hard, .learning(step: 0), 1.2931, 5.112170705601056, 330),
    (.good, .learning(step: 1), 2.3065, 2.118103970459016, 600),
    (.easy, .review, 8.2956, 1.0, 8 * 86_400),
  ])
  func aNewWordIsScheduledAsPyFSRSSchedulesItsFirstReview(
    rating: Rating, phase: MemoryPhase, stability: Double, difficulty: Double, wait: Int64
  ) throws {
    var generator = SplitMix64(seed: 1)
    let state = try scheduler().review(.new, rating: rating, at: start, using: &generator)
    #expect(state.phase == phase)
    #expect(abs(state.stability - stability) < 1e-12)
    #expect(abs(state.difficulty - difficulty) < 1e-12)
    #expect(state.due == start.advanced(by: wait))
    #expect(state.lastReview == start)
    #expect(state.reviewCount == 1)
    #expect(state.lapseCount == 0)
  }

  @Test func aHardLoneStepWaitsHalfAsLongAgainRoundedDownToTheSecond() throws {
    var generator = SplitMix64(seed: 1)
    let scheduler = try scheduler(learningSteps: [.seconds(61)], relearningSteps: [])
    let hard = scheduler.review(.new, rating: .hard, at: start, using: &generator)
    // py-fsrs waits 91.5 s; times here are whole seconds.
    #expect(hard.phase == .learning(step: 0))
    #expect(hard.due == start.advanced(by: 91))
  }

  @Test func withoutRelearningStepsAForgottenWordStaysInReview() throws {
    var generator = SplitMix64(seed: 1)
    let scheduler = try scheduler(learningSteps: [.seconds(61)], relearningSteps: [])
    var state = scheduler.review(.new, rating: .hard, at: start, using: &generator)
    state = scheduler.review(state, rating: .good, at: try #require(state.due), using: &generator)
    #expect(state.phase == .review)
    #expect(abs(state.stability - 1.3358997622047517) < 1e-12)
    let due = try #require(state.due)
    state = scheduler.review(state, rating: .again, at: due, using: &generator)
    #expect(state.phase == .review)
    #expect(state.due == due.advanced(by: 86_400))
    #expect(abs(state.stability - 0.3835273572037557) < 1e-12)
    #expect(state.lapseCount == 1)
  }

  @Test func withoutLearningStepsANewWordGoesToReviewAtOnce() throws {
    var generator = SplitMix64(seed: 1)
    let state = try scheduler(learningSteps: []).review(
      .new, rating: .again, at: start, using: &generator)
    #expect(state.phase == .review)
    #expect(state.due == start.advanced(by: 86_400))
    #expect(state.lapseCount == 0)
  }

  @Test func aStepBeyondTheSettingsGraduatesOnARecallAndRestartsOnAForget() throws {
    var generator = SplitMix64(seed: 1)
    // A word left at step 2 by settings that had three steps.
    let scheduler = try scheduler()
    var state = scheduler.review(.new, rating: .good, at: start, using: &generator)
    state.phase = .learning(step: 2)
    let recalled = scheduler.review(state, rating: .hard, at: start, using: &generator)
    #expect(recalled.phase == .review)
    let forgotten = scheduler.review(state, rating: .again, at: start, using: &generator)
    #expect(forgotten.phase == .learning(step: 0))
    #expect(forgotten.due == start.advanced(by: 60))
  }

  @Test func onlyAForgetInReviewIsALapse() throws {
    var generator = SplitMix64(seed: 1)
    let scheduler = try scheduler()
    var state = MemoryState.new
    for rating in [Rating.again, .again, .good, .good, .again, .again, .good] {
      state = scheduler.review(state, rating: rating, at: state.due ?? start, using: &generator)
    }
    #expect(state.lapseCount == 1)
    #expect(state.reviewCount == 7)
  }

  @Test func retrievabilityFallsByWholeDaysSinceTheLastReview() throws {
    var generator = SplitMix64(seed: 1)
    let scheduler = try scheduler()
    #expect(scheduler.retrievability(of: .new, at: start) == 0)
    let state = scheduler.review(.new, rating: .easy, at: start, using: &generator)
    let fiveHours: Int64 = 5 * 3_600
    for (days, expected) in [
      (0, 1.0), (1, 0.9829234388308534), (8, 0.9024733005284542), (30, 0.7917787593364196),
    ] {
      let time = start.advanced(by: Int64(days) * 86_400 + fiveHours)
      #expect(abs(scheduler.retrievability(of: state, at: time) - expected) < 1e-12)
    }
    #expect(scheduler.retrievability(of: state, at: start.advanced(by: -fiveHours)) == 1)
  }

  @Test func fuzzDrawsFromPyFSRSsRangeIncludingItsRoundingQuirk() throws {
    let scheduler = ReviewScheduler(settings: .standard)
    // Under 2.5 days, no fuzz.
    #expect(scheduler.fuzzedInterval(2, at: 0.99) == 2)
    // 10 days: ±1.975 days rounds to 8...12; scaling 5 days by the fraction and rounding
    // reaches 13 as well, with 8 and 13 about half as likely as
    // the days between.
    let days = (0..<1_000).map { scheduler.fuzzedInterval(10, at: Double($0) / 1_000) }
    #expect(Set(days) == Set(8...13))
    #expect(days.filter { $0 == 8 }.count == 101)
    #expect(days.filter { $0 == 10 }.count == 201)
    #expect(days.filter { $0 == 13 }.count == 99)
    let short = ReviewScheduler(settings: try SchedulerSettings(maximumInterval: 11))
    #expect(short.fuzzedInterval(10, at: 0.999) == 11)
  }

  /// The examples of the scheduler's documentation, as written there.
  @Test func theDocumentationExamples() throws {
    let wordSeed: UInt64 = 42
    let now = start
    let scheduler = ReviewScheduler(settings: .standard)
    var generator = SplitMix64(seed: wordSeed)
    var state = MemoryState.new
    state = scheduler.review(state, rating: .good, at: now, using: &generator)
    #expect(state.phase == .learning(step: 1))
    #expect(state.due == now.advanced(by: 600))

    let log = [Review(rating: .good, time: now), Review(rating: .again, time: now.advanced(by: 9))]
    do {
      var generator = SplitMix64(seed: wordSeed)
      let beforeLastReview = scheduler.replay(log.dropLast(), using: &generator)
      #expect(beforeLastReview == state)
    }

    let settings = try SchedulerSettings(desiredRetention: 0.85, learningSteps: [.seconds(300)])
    #expect(ReviewScheduler(settings: settings).settings.learningSteps == [.seconds(300)])
  }
}
