import Foundation
import Testing
import Wordbook

/// Ratings made on two devices and sent late, in any order, against py-fsrs 6.3.2 replaying
/// the merged log in time order: a word's memory is its reviews replayed as they happened.
@Suite struct MergedReviewsOracleTests {
  @Test(.enabled(if: FSRSOracle.isAvailable, FSRSOracle.unavailable))
  func reviewsSentInAnyOrderReplayAsPyFSRSReplaysThemInTimeOrder() async throws {
    var random = RandomReviews(seed: 49)
    var split = SplitMix64(seed: 52)
    var cases: [FSRSOracle.Case] = []
    var arrivals: [[Review]] = []
    for _ in 0..<60 {
      let settings = try random.settings()
      // Some histories have a review before the one made before it (a clock set back): the
      // merged log is in time order, as py-fsrs is given it.
      let reviews = random.history(
        count: random.count(upTo: 12), scheduler: ReviewScheduler(settings: settings))
      cases.append(FSRSOracle.Case(settings: settings, reviews: reviews.inTimeOrder()))
      // Each review made on one of two devices; the second device's reach the service first.
      var first: [Review] = []
      var second: [Review] = []
      for (index, review) in reviews.enumerated() {
        let sent = Review(
          rating: review.rating, time: review.time, id: ReviewID(origin: 1, sequence: UInt64(index))
        )
        if split.next() % 2 == 0 { first.append(sent) } else { second.append(sent) }
      }
      arrivals.append(second + first)
    }
    let expected = try await FSRSOracle.replay(cases)
    try #require(expected.count == cases.count)
    for (index, (oracleCase, arrival)) in zip(cases, arrivals).enumerated() {
      let service = InMemoryWordService()
      try await service.setReviewSettings(ReviewSettings(scheduler: oracleCase.settings))
      let book = try await service.createBook(title: "Merged")
      let word = try await service.saveWord(WordDraft(term: "t", meaning: "m"), to: book.id)
      var state = MemoryState.new
      for review in arrival { state = try await service.recordReview(review, of: word.id) }
      #expect(
        try await service.fetchReviews(of: word.id).map(\.time) == oracleCase.reviews.map(\.time))
      let card = try #require(expected[index].last)
      #expect(
        ReviewSchedulerOracleTests.state(state, matches: card),
        "history \(index): Swift \(state), py-fsrs \(card)")
    }
  }
}
