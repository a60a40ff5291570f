import Testing
import Wordbook

/// What a study round asks of a `WordService`: a rating is one write that a retry cannot
/// double, an undo restores the mark, the counts of each book's round, and the mode a book was
/// left in.
extension WordServiceContract {
  enum Round {
    private static let start = Timestamp(secondsSince1970: 1_780_000_000)

    /// The study state of each of the book's words, in the order they were added.
    private static func studyStates(in book: WordBook, of service: any WordService) async throws
      -> [StudyState]
    {
      try await service.fetchSchedule(in: book.id, dueBy: nil).map(\.word.studyState)
    }

    static func aRatingSentTwiceIsRecordedOnceAndItsIDIsKept(_ service: any WordService)
      async throws
    {
      let book = try await service.createBook(title: "Book")
      let word = try await service.saveWord(WordDraft(term: "물", meaning: "water"), to: book.id)
      let other = try await service.saveWord(WordDraft(term: "불", meaning: "fire"), to: book.id)
      let id = ReviewID(origin: 7, sequence: 1)
      let review = Review(rating: .again, time: start, id: id)
      let state = try await service.recordReview(review, of: word.id)
      #expect(try await service.recordReview(review, of: word.id) == state)
      #expect(try await service.fetchReviews(of: word.id) == [review])
      #expect(try await studyStates(in: book, of: service) == [.fail, .notStudied])
      // The same ID with another rating, another time or another word is refused.
      for (changed, wordID) in [
        (Review(rating: .good, time: start, id: id), word.id),
        (Review(rating: .again, time: start.advanced(by: 1), id: id), word.id),
        (review, other.id),
      ] {
        let error = await #expect(throws: WordServiceError.self) {
          try await service.recordReview(changed, of: wordID)
        }
        #expect(error?.kind == .invalidInput)
        #expect(error?.reason == .reviewIDTaken(id))
      }
      #expect(try await service.fetchReviews(of: word.id) == [review])
      #expect(try await service.fetchReviews(of: other.id) == [])
      #expect(try await studyStates(in: book, of: service) == [.fail, .notStudied])
    }

    static func undoingARatingRestoresTheMarkBeforeIt(_ service: any WordService) async throws {
      let book = try await service.createBook(title: "Book")
      let word = try await service.saveWord(WordDraft(term: "물", meaning: "water"), to: book.id)
      _ = try await service.recordReview(Review(rating: .again, time: start), of: word.id)
      _ = try await service.recordReview(
        Review(rating: .good, time: start.advanced(by: 60)), of: word.id)
      #expect(try await studyStates(in: book, of: service) == [.success])
      _ = try await service.removeLastReview(of: word.id, restoring: .fail)
      #expect(try await studyStates(in: book, of: service) == [.fail])
      _ = try await service.removeLastReview(of: word.id, restoring: .notStudied)
      #expect(try await studyStates(in: book, of: service) == [.notStudied])
      #expect(try await service.fetchReviews(of: word.id) == [])
    }

    static func importedReviewsMarkEachWordByItsLatestRating(_ service: any WordService)
      async throws
    {
      let book = try await service.createBook(title: "Book")
      var words: [Word] = []
      for term in ["a", "b", "c"] {
        words.append(try await service.saveWord(WordDraft(term: term, meaning: "m"), to: book.id))
      }
      _ = try await service.recordReview(Review(rating: .again, time: start), of: words[0].id)
      let ids = words.map(\.id)
      _ = try await service.importReviews { write throws(WordServiceError) in
        // Imported reviews join a word's log by time: its latest review marks it, so one from
        // before the word's own rating leaves its mark.
        try write([
          WordReview(wordID: ids[0], review: Review(rating: .good, time: start.advanced(by: -60))),
          WordReview(wordID: ids[2], review: Review(rating: .good, time: start.advanced(by: 60))),
          WordReview(wordID: ids[2], review: Review(rating: .again, time: start)),
          WordReview(wordID: ids[1], review: Review(rating: .good, time: start)),
          WordReview(wordID: ids[1], review: Review(rating: .again, time: start.advanced(by: 60))),
        ])
      }
      #expect(try await studyStates(in: book, of: service) == [.fail, .fail, .success])
    }

    static func eachBooksRoundIsCountedWithinTheDaysAllowanceAndTheLearnAheadLimit(
      _ service: any WordService
    ) async throws {
      try await service.setReviewSettings(
        ReviewSettings(newWordsPerDay: 4, learnAheadLimit: .seconds(300)))
      let book = try await service.createBook(title: "Book")
      let other = try await service.createBook(title: "Other")
      _ = try await service.createBook(title: "Empty")
      var words: [Word] = []
      for index in 0..<6 {
        words.append(
          try await service.saveWord(WordDraft(term: "w\(index)", meaning: "m"), to: book.id))
      }
      let elsewhere = try await service.saveWord(WordDraft(term: "e", meaning: "m"), to: other.id)
      let day = Int64(86_400)
      // w0 is a review word long due; w1 is learning, due in a minute; w2 and w3 are learning,
      // due in ten. w1 and w2 were begun today, which leaves 2 of the day's 4 new words: w4, w5.
      _ = try await service.recordReview(
        Review(rating: .easy, time: start.advanced(by: -365 * day)), of: words[0].id)
      _ = try await service.recordReview(Review(rating: .again, time: start), of: words[1].id)
      _ = try await service.recordReview(Review(rating: .good, time: start), of: words[2].id)
      _ = try await service.recordReview(
        Review(rating: .again, time: start.advanced(by: -day)), of: words[3].id)
      _ = try await service.recordReview(Review(rating: .good, time: start), of: words[3].id)
      let counts = try await service.fetchRoundCounts(at: start.advanced(by: 60))
      // w2's and w3's steps are due at +600: beyond a learn-ahead of 300 s from +60.
      #expect(counts[book.id] == RoundCounts(new: 2, learning: 1, due: 1))
      #expect(counts[other.id] == RoundCounts(new: 1))
      #expect(counts.count == 2)
      let later = try await service.fetchRoundCounts(at: start.advanced(by: 400))
      #expect(later[book.id] == RoundCounts(new: 2, learning: 3, due: 1))
      _ = try await service.recordReview(Review(rating: .good, time: start), of: elsewhere.id)
      let tomorrow = try await service.fetchRoundCounts(at: start.advanced(by: day))
      #expect(tomorrow[book.id]?.new == 2)
      #expect(tomorrow[other.id] == RoundCounts(learning: 1))
    }

    static func aBookKeepsTheModeItWasLeftIn(_ service: any WordService) async throws {
      let book = try await service.createBook(title: "Book")
      let other = try await service.createBook(title: "Other")
      try await service.setStudyMode(.due, of: book.id)
      try await service.setStudyMode(.failedOnly, of: other.id)
      try await service.setStudyMode(.all, of: other.id)
      #expect(try await service.fetchBooks().map(\.studyMode) == [.due, .all])
      let error = await #expect(throws: WordServiceError.self) {
        try await service.setStudyMode(.due, of: WordBook.ID(99))
      }
      #expect(error?.kind == .notFound)
      let missing = await #expect(throws: WordServiceError.self) {
        try await service.removeLastReview(of: Word.ID(99), restoring: .fail)
      }
      #expect(missing?.kind == .notFound)
    }

    /// The requirements of this part, in the order they are checked.
    static let requirements: [Requirement] = [
      Requirement(
        .round, "aRatingSentTwiceIsRecordedOnceAndItsIDIsKept",
        aRatingSentTwiceIsRecordedOnceAndItsIDIsKept),
      Requirement(
        .round, "undoingARatingRestoresTheMarkBeforeIt", undoingARatingRestoresTheMarkBeforeIt),
      Requirement(
        .round, "importedReviewsMarkEachWordByItsLatestRating",
        importedReviewsMarkEachWordByItsLatestRating),
      Requirement(
        .round, "eachBooksRoundIsCountedWithinTheDaysAllowanceAndTheLearnAheadLimit",
        eachBooksRoundIsCountedWithinTheDaysAllowanceAndTheLearnAheadLimit),
      Requirement(.round, "aBookKeepsTheModeItWasLeftIn", aBookKeepsTheModeItWasLeftIn),
    ]
  }
}
