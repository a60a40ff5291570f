/// What each of the four ratings would schedule for a word, rated at one moment: what a study
/// screen shows on its rating buttons, as Anki prints "<1m", "10m", "4d" on its own.
///
/// ``WordService/fetchRatingPreview(of:at:)`` makes one from the word's log and the store's
/// settings; the due times are the ones the rating would store, to the second, fuzz included,
/// so a button tells exactly what `schedule` shows after that rating.
///
/// ```swift
/// let preview = try await service.fetchRatingPreview(of: word.id, at: now)
/// preview.wait(after: .good)  // 600: ten minutes, a new word's second learning step
/// ```
public struct RatingPreview: Hashable, Sendable {
  /// When the word would be rated.
  public let time: Timestamp
  /// When it would fall due after each rating: again, hard, good and easy, in that order.
  public let dueTimes: [Timestamp]

  /// The preview of a word whose memory is `memory`, rated at `time` by `scheduler`.
  ///
  /// - Parameters:
  ///   - memory: The word's memory and generator, as its log gives them.
  ///   - time: When it would be rated.
  ///   - scheduler: The scheduler, with the store's settings.
  public init(of memory: WordMemory, at time: Timestamp, by scheduler: ReviewScheduler) {
    self.time = time
    dueTimes = Rating.allCases.map { rating in
      memory.reviewed(Review(rating: rating, time: time), by: scheduler).state.due ?? time
    }
  }

  /// When the word would fall due after `rating`.
  public func due(after rating: Rating) -> Timestamp {
    dueTimes[rating.rawValue - 1]
  }

  /// How many seconds after ``time`` the word would fall due after `rating`.
  public func wait(after rating: Rating) -> Int64 {
    time.distance(to: due(after: rating))
  }
}

extension WordService {
  /// What each rating of a word would schedule if it were rated at `time`: the word's log
  /// replayed with ``reviewSettings()``, then each rating tried on the state it gives.
  ///
  /// ```swift
  /// let preview = try await service.fetchRatingPreview(of: word.id, at: now)
  /// ```
  ///
  /// - Parameters:
  ///   - wordID: The word.
  ///   - time: When it would be rated.
  /// - Throws: ``WordServiceError/Kind/notFound`` when the word does not exist.
  /// - Complexity: O(*k*) for the word's *k* reviews.
  public func fetchRatingPreview(of wordID: Word.ID, at time: Timestamp)
    async throws(WordServiceError) -> RatingPreview
  {
    let scheduler = ReviewScheduler(settings: try await reviewSettings().scheduler)
    let memory = WordMemory.replaying(
      try await fetchReviews(of: wordID), of: wordID, with: scheduler)
    return RatingPreview(of: memory, at: time, by: scheduler)
  }
}
