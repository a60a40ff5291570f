import Testing
import Wordbook

/// `importReviews(into:byTerm:)`: a review history that names its words by term lands on its
/// words, and one that names no word is refused whole, with its line.
extension WordServiceContract {
  enum TermReviews {
    private static let start = Timestamp(secondsSince1970: 1_780_000_000)

    /// Fills `service` with a book holding
    /// 물 (water), the homonyms 배 (pear, boat) and a term stored decomposed, and another book
    /// holding 불 (fire).
    private static func library(in service: any WordService) async throws -> (
      book: WordBook, words: [Word]
    ) {
      let book = try await service.createBook(title: "Book")
      var words: [Word] = []
      for (term, meaning) in [
        ("물", "water"), ("배", "pear"), ("배", "boat"), ("e\u{301}te\u{301}", "summer"),
      ] {
        words.append(
          try await service.saveWord(WordDraft(term: term, meaning: meaning), to: book.id))
      }
      let other = try await service.createBook(title: "Other")
      _ = try await service.saveWord(WordDraft(term: "불", meaning: "fire"), to: other.id)
      return (book, words)
    }

    private static func review(_ line: Int, _ term: String, meaning: String? = nil, day: Int64)
      -> TermReview
    {
      TermReview(
        line: line, term: term, meaning: meaning,
        review: Review(rating: .good, time: start.advanced(by: day * 86_400)))
    }

    static func reviewsByTermLandOnTheirWordsInTimeOrder(_ service: any WordService) async throws {
      let (book, words) = try await library(in: service)
      let rows = [
        review(2, "물", day: 3), review(3, "배", meaning: "boat", day: 1),
        // A term with one word names it whatever the meaning says.
        review(4, "물", meaning: "anything", day: 1),
        // Stored decomposed, written precomposed: Swift calls them equal.
        review(5, "\u{E9}t\u{E9}", day: 2),
      ]
      let count = try await service.importReviews(into: book.id) { write throws(WordServiceError) in
        try write(Array(rows[0..<2]))
        try write(Array(rows[2...]))
      }
      #expect(count == 4)
      #expect(try await service.fetchReviews(of: words[0].id) == [rows[2].review, rows[0].review])
      #expect(try await service.fetchReviews(of: words[1].id) == [])
      #expect(try await service.fetchReviews(of: words[2].id) == [rows[1].review])
      #expect(try await service.fetchReviews(of: words[3].id) == [rows[3].review])
      let scheduler = ReviewScheduler(settings: .standard)
      let water = try await service.fetchSchedule(in: book.id, dueBy: nil)[0]
      #expect(
        water.memory
          == WordMemory.replaying(
            [rows[2].review, rows[0].review], of: words[0].id, with: scheduler
          )
          .state)
    }

    static func aReviewThatNamesNoWordRefusesTheHistoryWithItsLine(_ service: any WordService)
      async throws
    {
      let (book, words) = try await library(in: service)
      let refusals: [(TermReview, ReviewedTermProblem)] = [
        (review(7, "불", day: 1), .unknownTerm("불")),
        (review(8, "배", day: 1), .ambiguousTerm("배", count: 2)),
        (review(9, "배", meaning: "belly", day: 1), .unknownMeaning("배", meaning: "belly")),
      ]
      for (bad, problem) in refusals {
        let error = await #expect(throws: WordServiceError.self) {
          try await service.importReviews(into: book.id) { write throws(WordServiceError) in
            try write([review(2, "물", day: 1)])
            try write([review(5, "배", meaning: "pear", day: 1), bad, review(10, "불", day: 1)])
          }
        }
        #expect(error?.kind == .invalidInput)
        #expect(error?.reason == .reviewedTermNotMatched(line: bad.line, problem))
      }
      for word in words { #expect(try await service.fetchReviews(of: word.id) == []) }
      let missing = await #expect(throws: WordServiceError.self) {
        try await service.importReviews(into: WordBook.ID(99)) { write throws(WordServiceError) in
          try write([review(2, "물", day: 1)])
        }
      }
      #expect(missing == .bookNotFound(WordBook.ID(99)))
    }

    /// The requirements of this part, in the order they are checked.
    static let requirements: [Requirement] = [
      Requirement(
        .termReviews, "reviewsByTermLandOnTheirWordsInTimeOrder",
        reviewsByTermLandOnTheirWordsInTimeOrder),
      Requirement(
        .termReviews, "aReviewThatNamesNoWordRefusesTheHistoryWithItsLine",
        aReviewThatNamesNoWordRefusesTheHistoryWithItsLine),
    ]
  }
}
