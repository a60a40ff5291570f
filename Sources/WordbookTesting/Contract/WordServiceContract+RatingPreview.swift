import Testing
import Wordbook

extension WordServiceContract.Reviews {
  /// A rating's preview is what that rating then stores, for a new word and for one with a
  /// log; fuzz on, so that the generator's draws count too.
  static func eachRatingStoresWhatItsPreviewSaid(_ service: any WordService) async throws {
    var settings = try await service.reviewSettings()
    settings.scheduler = try SchedulerSettings(isFuzzEnabled: true)
    try await service.setReviewSettings(settings)
    let book = try await service.createBook(title: "Book")
    let fresh = try await service.saveWord(WordDraft(term: "물", meaning: "water"), to: book.id)
    let reviewed = try await service.saveWord(WordDraft(term: "불", meaning: "fire"), to: book.id)
    for (day, rating) in [(0, Rating.good), (1, .good), (5, .hard)] {
      _ = try await service.recordReview(
        Review(rating: rating, time: start.advanced(by: Int64(day) * 86_400)), of: reviewed.id)
    }
    let time = start.advanced(by: 30 * 86_400)
    for word in [fresh, reviewed] {
      let preview = try await service.fetchRatingPreview(of: word.id, at: time)
      for rating in Rating.allCases {
        let stored = try await service.recordReview(Review(rating: rating, time: time), of: word.id)
        #expect(stored.due == preview.due(after: rating), "\(word.term) \(rating)")
        _ = try await service.removeLastReview(of: word.id, restoring: .notStudied)
      }
    }
    // A new word's learning steps, 1 and 10 minutes, and days for easy.
    let new = try await service.fetchRatingPreview(of: fresh.id, at: time)
    #expect(new.wait(after: .again) == 60)
    #expect(new.wait(after: .good) == 600)
    #expect(new.wait(after: .easy) >= 86_400)
    await #expect(throws: WordServiceError.wordNotFound(Word.ID(999_999))) {
      try await service.fetchRatingPreview(of: Word.ID(999_999), at: time)
    }
  }
}
