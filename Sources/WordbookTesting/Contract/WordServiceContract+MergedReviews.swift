import Testing
import Wordbook

/// Ratings sent late (a page that studied offline, a second device): each keeps its own time, a
/// word's log and memory are its reviews in time order whatever order they arrive in, its mark
/// is its latest rating's, and a rating sent twice is stored once.
extension WordServiceContract {
  enum MergedReviews {
    private static let start = Timestamp(secondsSince1970: 1_780_000_000)
    private static let day = Int64(86_400)

    static func ratingsSentLateJoinTheLogInTimeOrder(_ service: any WordService) async throws {
      let book = try await service.createBook(title: "Book")
      let word = try await service.saveWord(WordDraft(term: "물", meaning: "water"), to: book.id)
      // Rated good on day 2 online; again on day 0 and hard on day 1 offline, sent after it.
      let online = Review(
        rating: .good, time: start.advanced(by: 2 * day), id: .init(origin: 1, sequence: 0))
      let offline = [
        Review(rating: .again, time: start, id: .init(origin: 2, sequence: 0)),
        Review(rating: .hard, time: start.advanced(by: day), id: .init(origin: 2, sequence: 1)),
      ]
      _ = try await service.recordReview(online, of: word.id)
      var state = MemoryState.new
      for review in offline { state = try await service.recordReview(review, of: word.id) }
      let log = offline + [online]
      let scheduler = ReviewScheduler(settings: .standard)
      let replayed = WordMemory.replaying(log, of: word.id, with: scheduler).state
      #expect(state == replayed)
      #expect(try await service.fetchReviews(of: word.id) == log)
      // A page of logs carries each rating's time and rating, in the same order.
      let logs = try await service.fetchReviewLogs(in: book.id, after: nil, limit: 10)
      #expect(logs.map(\.wordID) == [word.id])
      #expect(logs.first?.reviews.map(\.time) == log.map(\.time))
      #expect(logs.first?.reviews.map(\.rating) == log.map(\.rating))
      // The mark is the latest rating's (good), not that of the one sent last (hard, then again).
      let schedule = try await service.fetchSchedule(in: book.id, dueBy: nil)
      #expect(schedule.map(\.word.studyState) == [.success])
      #expect(schedule.map(\.memory) == [replayed])
      // Sent again, a rating is stored once; its ID with another rating is refused.
      #expect(try await service.recordReview(offline[0], of: word.id) == replayed)
      var forged = offline[0]
      forged.rating = .easy
      let refused = await #expect(throws: WordServiceError.self) {
        try await service.recordReview(forged, of: word.id)
      }
      #expect(refused?.reason == .reviewIDTaken(try #require(forged.id)))
      #expect(try await service.fetchReviews(of: word.id) == log)
      // New settings replay the log in time order too.
      let settings = try ReviewSettings(
        scheduler: SchedulerSettings(desiredRetention: 0.8, learningSteps: [.seconds(120)]))
      try await service.setReviewSettings(settings)
      let rescheduled = WordMemory.replaying(
        log, of: word.id, with: ReviewScheduler(settings: settings.scheduler)
      ).state
      #expect(
        try await service.fetchSchedule(in: book.id, dueBy: nil).map(\.memory) == [rescheduled])
    }

    /// The requirements of this part, in the order they are checked.
    static let requirements: [Requirement] = [
      Requirement(
        .mergedReviews, "ratingsSentLateJoinTheLogInTimeOrder", ratingsSentLateJoinTheLogInTimeOrder
      )
    ]
  }
}
