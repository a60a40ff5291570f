import Testing

@testable import Wordbook

/// The matcher's bounded memory of terms: past its capacity it forgets and looks terms up
/// again, and never answers from what it forgot.
@Suite struct ReviewedTermMatcherTests {
  @Test func moreTermsThanItKeepsAreLookedUpAgainAndStillMatch() throws {
    let count = ReviewedTermMatcher.capacity + 100
    let words = (0..<count).map { Word(id: Word.ID(Int64($0 + 1)), term: "t\($0)", meaning: "m") }
    let time = Timestamp(secondsSince1970: 1_780_000_000)
    func rows(_ range: Range<Int>) -> [TermReview] {
      range.map {
        TermReview(line: $0 + 2, term: "t\($0)", review: Review(rating: .good, time: time))
      }
    }
    // The second batch repeats a term of the first beside enough new ones to pass the capacity.
    let batches = [
      rows(0..<ReviewedTermMatcher.capacity),
      rows(0..<1) + rows(ReviewedTermMatcher.capacity..<count),
    ]
    var matcher = ReviewedTermMatcher()
    var lookedUp: [[String]] = []
    var written: [WordReview] = []
    let lookup = { (keys: [String]) throws(WordServiceError) -> [Word] in
      lookedUp.append(keys)
      return words.filter { keys.contains($0.term) }
    }
    try matcher.match(
      { write throws(WordServiceError) in for batch in batches { try write(batch) } },
      into: { written += $0 }, lookingUp: lookup)
    let expected =
      Array(0..<ReviewedTermMatcher.capacity) + [0]
      + Array(ReviewedTermMatcher.capacity..<count)
    #expect(written.map(\.wordID) == expected.map { Word.ID(Int64($0 + 1)) })
    #expect(lookedUp.count == 2)
    #expect(lookedUp[1].count == 101)
  }
}
