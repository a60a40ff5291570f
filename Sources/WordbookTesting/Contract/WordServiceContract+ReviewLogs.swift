import Testing
import Wordbook

/// Review logs read page by page, and the history a parameter fit reads from them.
extension WordServiceContract {
  enum ReviewLogs {
    private static let start = Timestamp(secondsSince1970: 1_780_000_000)

    /// Two books: the first with five words, of which the second and fourth are never reviewed,
    /// the other with one word; each reviewed word has as many reviews as its position, a day
    /// apart.
    private static func library(in service: any WordService) async throws -> (
      book: WordBook, other: WordBook, logs: [WordReviewLog]
    ) {
      let book = try await service.createBook(title: "Book")
      let other = try await service.createBook(title: "Other")
      var logs: [WordReviewLog] = []
      for (index, target) in [book, book, book, other, book, book].enumerated() {
        let word = try await service.saveWord(
          WordDraft(term: "word \(index)", meaning: "m"), to: target.id)
        guard index != 1, index != 4 else { continue }
        var log = WordReviewLog(wordID: word.id, reviews: [])
        for day in 0...index {
          let review = Review(
            rating: day % 3 == 1 ? .again : .good, time: start.advanced(by: Int64(day) * 86_400))
          _ = try await service.recordReview(review, of: word.id)
          log.reviews.append(review)
        }
        logs.append(log)
      }
      return (book, other, logs)
    }

    static func logsComeByWordPageByPage(_ service: any WordService) async throws {
      let (book, other, logs) = try await library(in: service)
      let inBook = logs.filter { $0.wordID != logs[2].wordID }
      #expect(try await service.fetchReviewLogs(in: book.id, after: nil, limit: 10) == inBook)
      #expect(try await service.fetchReviewLogs(in: other.id, after: nil, limit: 10) == [logs[2]])
      #expect(try await service.fetchReviewLogs(in: nil, after: nil, limit: 10) == logs)
      var paged: [WordReviewLog] = []
      while true {
        let page = try await service.fetchReviewLogs(
          in: nil, after: paged.last?.wordID, limit: 2)
        paged += page
        if page.count < 2 { break }
      }
      #expect(paged == logs)
      #expect(try await service.fetchReviewLogs(in: book.id, after: logs[3].wordID, limit: 2) == [])
      let missing = WordBook.ID(book.id.rawValue + 100)
      await #expect(throws: WordServiceError.bookNotFound(missing)) {
        try await service.fetchReviewLogs(in: missing, after: nil, limit: 10)
      }
    }

    static func theHistoryOfABookOrOfEveryBook(_ service: any WordService) async throws {
      let (book, _, logs) = try await library(in: service)
      let now = start.advanced(by: 10 * 86_400)
      let history = try await service.fetchReviewHistory(in: book.id, at: now)
      #expect(history.wordCount == 3)
      #expect(history.reviewCount == 1 + 3 + 6)
      #expect(history.itemCount == 0 + 2 + 5)
      let everything = try await service.fetchReviewHistory(in: nil, at: now)
      #expect(everything.reviewCount == logs.map(\.reviews.count).reduce(0, +))
      // At the third day, the later reviews are in the future: their logs are left out and
      // named, unless the history is read as it stood then.
      let third = start.advanced(by: 2 * 86_400)
      let early = try await service.fetchReviewHistory(in: book.id, at: third)
      #expect(
        early.problem
          == ReviewLogProblem(
            .inFuture, wordID: logs[3].wordID, time: start.advanced(by: 3 * 86_400))
      )
      #expect(early.problemCount == 1)
      let asItStood = try await service.fetchReviewHistory(
        in: book.id, at: third, ignoringLaterReviews: true)
      #expect(asItStood.problem == nil)
      #expect(asItStood.reviewCount == 1 + 3 + 3)
    }

    static func theStatisticsCountTheDaysAndPredictFromOneReading(_ service: any WordService)
      async throws
    {
      let (book, _, _) = try await library(in: service)
      // The book's words have 1, 3 and 6 reviews, from the first day on. On the third day the
      // later ones are still to come: they are neither counted nor predicted.
      let early = start.advanced(by: 2 * 86_400 + 60)
      for time in [early, start.advanced(by: 10 * 86_400)] {
        let statistics = try await service.fetchReviewStatistics(of: book.id, at: time)
        let days = time == early ? [3, 2, 2] : [3, 2, 2, 1, 1, 1, 0, 0, 0, 0, 0]
        #expect(Array(statistics.dailyReviews.suffix(days.count)) == days)
        #expect(statistics.dailyReviews.reduce(0, +) == days.reduce(0, +))
        let prediction = try await service.fetchParameterEvaluation(in: book.id, at: time)
        #expect(prediction != nil)
        #expect(statistics.prediction == prediction)
      }
    }

    /// The requirements of this part, in the order they are checked.
    static let requirements: [Requirement] = [
      Requirement(.reviewLogs, "logsComeByWordPageByPage", logsComeByWordPageByPage),
      Requirement(.reviewLogs, "theHistoryOfABookOrOfEveryBook", theHistoryOfABookOrOfEveryBook),
      Requirement(
        .reviewLogs, "theStatisticsCountTheDaysAndPredictFromOneReading",
        theStatisticsCountTheDaysAndPredictFromOneReading),
    ]
  }
}
