import Testing
import Wordbook

@testable import WordbookWeb

/// The bounds of an offline rating's time, at the second, and the page's texts for ratings
/// that wait, in both languages.
@Suite struct OfflineRatingsTests {
  private let now = Timestamp(secondsSince1970: 1_800_000_000)

  private func rating(at time: Timestamp) -> OfflineRating {
    OfflineRating(id: ReviewID(origin: 1, sequence: 1), word: 1, rating: .good, time: time)
  }

  @Test func aRatingMayBeFiveMinutesAheadAndThirtyDaysBack() {
    #expect(OfflineRatings.refusal(of: rating(at: now.advanced(by: 300)), at: now) == nil)
    #expect(
      OfflineRatings.refusal(of: rating(at: now.advanced(by: 301)), at: now)
        == .ratingAhead(minutes: 5))
    let furthestBack = now.advanced(by: -30 * 86_400)
    #expect(OfflineRatings.refusal(of: rating(at: furthestBack), at: now) == nil)
    #expect(
      OfflineRatings.refusal(of: rating(at: furthestBack.advanced(by: -1)), at: now)
        == .ratingTooOld(days: 30))
    #expect(
      OfflineRatings.refusal(of: rating(at: Review.timeBounds.lowerBound), at: now)
        == .ratingTooOld(days: 30))
  }

  @Test func theRatingsWaitingAreCountedInBothLanguages() {
    let english = Language.english.pageCatalogue.pageTexts
    let korean = Language.korean.pageCatalogue.pageTexts
    #expect(english.ratingWaiting == "1 rating waiting to be sent")
    #expect(english.ratingsWaiting == "{count} ratings waiting to be sent")
    #expect(korean.ratingsWaiting.contains("{count}") && korean.ratingWaiting.contains("1"))
    for text in [korean.ratingWaiting, korean.ratingsWaiting, korean.ratingsNotKept] {
      #expect(text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(text)")
    }
  }
}
