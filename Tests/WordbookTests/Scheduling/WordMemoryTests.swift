import Testing
import Wordbook

/// A word's memory: reviewing it step by step and replaying its log give the same value,
/// and the review settings check their own bound.
@Suite struct WordMemoryTests {
  @Test func reviewingStepByStepEqualsReplayingTheLog() throws {
    var generator = SplitMix64(seed: 6)
    for wordNumber in 1...200 {
      let wordID = Word.ID(Int64(wordNumber))
      let scheduler = ReviewScheduler(
        settings: try SchedulerSettings(isFuzzEnabled: generator.next(below: 2) == 0))
      var time = Timestamp(secondsSince1970: 1_780_000_000)
      var log: [Review] = []
      var memory = WordMemory(for: wordID)
      for _ in 0..<Int(generator.next(below: 12)) {
        time = time.advanced(by: Int64(generator.next(below: 30 * 86_400)))
        let review = Review(rating: Rating.allCases[Int(generator.next(below: 4))], time: time)
        log.append(review)
        memory = memory.reviewed(review, by: scheduler)
      }
      #expect(memory == WordMemory.replaying(log, of: wordID, with: scheduler))
      #expect(memory.state.reviewCount == log.count)
    }
  }

  @Test func wordsDrawDifferentFuzz() {
    #expect(WordMemory(for: Word.ID(1)).generator != WordMemory(for: Word.ID(2)).generator)
    #expect(WordMemory(for: Word.ID(1)) == WordMemory(for: Word.ID(1)))
  }

  @Test func newWordsPerDayIsChecked() throws {
    #expect(ReviewSettings.standard == (try ReviewSettings()))
    #expect(ReviewSettings.standard.newWordsPerDay == 20)
    for count in [-1, 10_001] {
      #expect(throws: SchedulerSettingsError.newWordsPerDayOutOfBounds(count)) {
        try ReviewSettings(newWordsPerDay: count)
      }
    }
    #expect(try ReviewSettings(newWordsPerDay: 0).newWordsPerDay == 0)
  }
}
