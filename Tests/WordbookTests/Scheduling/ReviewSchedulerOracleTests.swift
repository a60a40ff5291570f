import Foundation
import Testing
import Wordbook

/// The scheduler against py-fsrs 6.3.2 itself, on seeded random histories.
@Suite struct ReviewSchedulerOracleTests {
  static let histories = 3_000

  @Test(.enabled(if: FSRSOracle.isAvailable, FSRSOracle.unavailable))
  func everyStateMatchesPyFSRS() async throws {
    var random = RandomReviews(seed: 27)
    var cases: [FSRSOracle.Case] = []
    for _ in 0..<Self.histories {
      let settings = try random.settings()
      let scheduler = ReviewScheduler(settings: settings)
      let reviews = random.history(count: random.count(upTo: 40), scheduler: scheduler)
      cases.append(FSRSOracle.Case(settings: settings, reviews: reviews))
    }
    let expected = try await FSRSOracle.replay(cases)
    try #require(expected.count == cases.count)

    var compared = 0
    var mismatches = 0
    for (index, (oracleCase, cards)) in zip(cases, expected).enumerated() where mismatches < 5 {
      let scheduler = ReviewScheduler(settings: oracleCase.settings)
      var generator = SplitMix64(seed: 0)
      var state = MemoryState.new
      for (number, (review, card)) in zip(oracleCase.reviews, cards).enumerated() {
        state = scheduler.review(state, rating: review.rating, at: review.time, using: &generator)
        compared += 1
        if !Self.state(state, matches: card) {
          mismatches += 1
          Issue.record(
            """
            history \(index), review \(number) (\(review.rating) at \(review.time)): \
            Swift \(state), py-fsrs \(card)
            """)
          break
        }
      }
    }
    #expect(compared == cases.map(\.reviews.count).reduce(0, +), "reviews compared: \(compared)")
  }

  static func state(_ state: MemoryState, matches card: FSRSOracle.Card) -> Bool {
    let phase: (Int, Int?) =
      switch state.phase {
      case .new: (0, nil)
      case .learning(let step): (1, step)
      case .review: (2, nil)
      case .relearning(let step): (3, step)
      }
    return phase == (card.state, card.step)
      && abs(state.stability - card.stability) <= 1e-4
      && abs(state.difficulty - card.difficulty) <= 1e-4
      && state.due?.secondsSince1970 == card.due
      && state.lastReview?.secondsSince1970 == card.lastReview
  }
}
