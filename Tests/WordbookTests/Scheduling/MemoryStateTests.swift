import Foundation
import Testing
import Wordbook

@Suite struct MemoryStateTests {
  @Test func aNewWordHasNoMemoryAndNoDueTime() {
    let new = MemoryState.new
    #expect(new.phase == .new)
    #expect(new.stability == 0 && new.difficulty == 0)
    #expect(new.due == nil && new.lastReview == nil)
    #expect(new.reviewCount == 0 && new.lapseCount == 0)
  }

  @Test func everyPhaseSurvivesEncoding() throws {
    let scheduler = ReviewScheduler(settings: .standard)
    var generator = SplitMix64(seed: 9)
    var state = MemoryState.new
    var states = [state]
    for rating in [Rating.good, .good, .again, .hard, .good] {
      state = scheduler.review(
        state, rating: rating, at: state.due ?? .init(secondsSince1970: 0), using: &generator)
      states.append(state)
    }
    #expect(Set(states.map(\.phase)).count == 4)
    let data = try JSONEncoder().encode(states)
    #expect(try JSONDecoder().decode([MemoryState].self, from: data) == states)
  }
}
