import Testing
import Wordbook

/// The review log: recording, undoing, listing the schedule, the settings and importing
/// reviews.
extension WordServiceContract {
  enum Reviews {
    static let start = Timestamp(secondsSince1970: 1_780_000_000)

    /// A new book, "Book", holding the words 물 (water) and 불 (fire).
    private static func waterAndFire(in service: any WordService) async throws -> (
      book: WordBook, water: Word, fire: Word
    ) {
      let book = try await service.createBook(title: "Book")
      let water = try await service.saveWord(WordDraft(term: "물", meaning: "water"), to: book.id)
      let fire = try await service.saveWord(WordDraft(term: "불", meaning: "fire"), to: book.id)
      return (book, water, fire)
    }

    static func aReviewIsLoggedAndSchedulesTheWord(_ service: any WordService) async throws {
      let (book, word, other) = try await waterAndFire(in: service)
      let review = Review(rating: .good, time: start)
      let state = try await service.recordReview(review, of: word.id)
      #expect(state.phase == .learning(step: 1))
      #expect(state.due == start.advanced(by: 600))
      #expect(state.reviewCount == 1)
      #expect(try await service.fetchReviews(of: word.id) == [review])
      #expect(try await service.fetchReviews(of: other.id) == [])
      // The rating marks the word known in the same write.
      var known = word
      known.studyState = .success
      #expect(
        try await service.fetchSchedule(in: book.id, dueBy: nil) == [
          ScheduledWord(word: known, memory: state), ScheduledWord(word: other, memory: .new),
        ])
    }

    static func theDueWordsComeMostOverdueFirst(_ service: any WordService) async throws {
      let book = try await service.createBook(title: "Book")
      let otherBook = try await service.createBook(title: "Other")
      var words: [Word] = []
      for term in ["a", "b", "c", "d"] {
        words.append(try await service.saveWord(WordDraft(term: term, meaning: "m"), to: book.id))
      }
      let elsewhere = try await service.saveWord(
        WordDraft(term: "e", meaning: "m"), to: otherBook.id)
      // Due at start + 600 (good), + 60 (again), + 600 (good), and in days (easy).
      _ = try await service.recordReview(Review(rating: .good, time: start), of: words[0].id)
      _ = try await service.recordReview(Review(rating: .again, time: start), of: words[1].id)
      _ = try await service.recordReview(Review(rating: .good, time: start), of: words[2].id)
      _ = try await service.recordReview(Review(rating: .easy, time: start), of: words[3].id)
      _ = try await service.recordReview(Review(rating: .again, time: start), of: elsewhere.id)
      let due = try await service.fetchSchedule(in: book.id, dueBy: start.advanced(by: 600))
      #expect(due.map(\.word.id) == [words[1].id, words[0].id, words[2].id])
      let early = try await service.fetchSchedule(in: book.id, dueBy: start.advanced(by: 59))
      #expect(early.isEmpty)
      let all = try await service.fetchSchedule(in: book.id, dueBy: nil)
      #expect(all.map(\.word.id) == words.map(\.id))
      for time in [start.advanced(by: 600), nil] {
        var pages: [[ScheduledWord]] = []
        repeat {
          pages.append(
            try await service.fetchSchedule(
              in: book.id, dueBy: time, after: pages.last?.last, limit: 2))
        } while pages.last?.count == 2
        #expect(pages.flatMap { $0 } == (time == nil ? all : due))
        #expect(pages.map(\.count) == (time == nil ? [2, 2, 0] : [2, 1]))
      }
    }

    static func reviewsAreCountedByDayWithinTheRange(_ service: any WordService) async throws {
      let (book, water, fire) = try await waterAndFire(in: service)
      let otherBook = try await service.createBook(title: "Other")
      let elsewhere = try await service.saveWord(
        WordDraft(term: "e", meaning: "m"), to: otherBook.id)
      let day = Int64(86_400)
      // `start` is 20:26:40 UTC: a review 100 s later is the same day, one a day later the next.
      for (offset, wordID) in [
        (-2 * day, water.id), (0, water.id), (100, fire.id), (day, water.id), (3 * day, fire.id),
        (3 * day + 1, water.id), (4 * day, water.id), (0, elsewhere.id),
      ] {
        _ = try await service.recordReview(
          Review(rating: .good, time: start.advanced(by: offset)), of: wordID)
      }
      let midnight = start.startOfDay
      #expect(midnight == Timestamp(secondsSince1970: 1_779_926_400))
      let counts = try await service.fetchDailyReviewCounts(
        in: book.id, from: start, to: start.advanced(by: 4 * day))
      #expect(
        counts == [
          DailyReviewCount(day: midnight, count: 2),
          DailyReviewCount(day: midnight.advanced(by: day), count: 1),
          DailyReviewCount(day: midnight.advanced(by: 3 * day), count: 2),
        ])
      let empty = try await service.createBook(title: "Empty")
      #expect(
        try await service.fetchDailyReviewCounts(in: empty.id, from: start, to: start).isEmpty)
      await #expect(throws: WordServiceError.self) {
        _ = try await service.fetchDailyReviewCounts(
          in: WordBook.ID(999), from: start, to: start.advanced(by: day))
      }
    }

    static func theLogOutlivesEditsAndGoesWithItsWord(_ service: any WordService) async throws {
      let (book, word, fire) = try await waterAndFire(in: service)
      let review = Review(rating: .hard, time: start)
      let state = try await service.recordReview(review, of: word.id)
      let edited = try await service.updateWord(word.id, term: "물건", meaning: "thing")
      #expect(try await service.fetchReviews(of: word.id) == [review])
      #expect(
        try await service.fetchSchedule(in: book.id, dueBy: nil) == [
          ScheduledWord(word: edited, memory: state), ScheduledWord(word: fire, memory: .new),
        ])
      try await service.deleteWord(word.id)
      let error = await #expect(throws: WordServiceError.self) {
        try await service.fetchReviews(of: word.id)
      }
      #expect(error?.kind == .notFound)
    }

    static func unknownWordsAndBooksAreNotFound(_ service: any WordService) async throws {
      let missing = Word.ID(99)
      let errors = [
        await #expect(throws: WordServiceError.self) {
          try await service.recordReview(Review(rating: .good, time: start), of: missing)
        },
        await #expect(throws: WordServiceError.self) {
          try await service.removeLastReview(of: missing, restoring: .notStudied)
        },
        await #expect(throws: WordServiceError.self) {
          try await service.fetchReviews(of: missing)
        },
        await #expect(throws: WordServiceError.self) {
          try await service.fetchSchedule(in: WordBook.ID(99), dueBy: nil)
        },
        await #expect(throws: WordServiceError.self) {
          try await service.fetchDueTimes(in: WordBook.ID(99))
        },
        await #expect(throws: WordServiceError.self) {
          try await service.fetchNewWordCount(in: WordBook.ID(99), since: start)
        },
      ]
      #expect(errors.map { $0?.kind } == Array(repeating: .notFound, count: 6))
    }

    /// The new words begun since a time are the book's words whose whole log lies after it,
    /// whoever recorded or imported their reviews.
    static func theNewWordsBegunSinceATimeAreThoseFirstReviewedSince(_ service: any WordService)
      async throws
    {
      let (book, water, fire) = try await waterAndFire(in: service)
      let other = try await service.createBook(title: "Other")
      let elsewhere = try await service.saveWord(WordDraft(term: "e", meaning: "m"), to: other.id)
      let day = Int64(86_400)
      #expect(try await service.fetchNewWordCount(in: book.id, since: start) == 0)
      _ = try await service.recordReview(Review(rating: .good, time: start), of: water.id)
      _ = try await service.recordReview(Review(rating: .good, time: start), of: elsewhere.id)
      #expect(try await service.fetchNewWordCount(in: book.id, since: start) == 1)
      #expect(try await service.fetchNewWordCount(in: book.id, since: start.advanced(by: 1)) == 0)
      // An older review imported after a newer one: the word was begun before.
      _ = try await service.recordReview(
        Review(rating: .good, time: start.advanced(by: day)), of: fire.id)
      #expect(try await service.fetchNewWordCount(in: book.id, since: start.advanced(by: day)) == 1)
      _ = try await service.importReviews { write throws(WordServiceError) in
        try write([WordReview(wordID: fire.id, review: Review(rating: .again, time: start))])
      }
      #expect(try await service.fetchNewWordCount(in: book.id, since: start.advanced(by: day)) == 0)
      #expect(try await service.fetchNewWordCount(in: book.id, since: start) == 2)
    }

    static func theDueTimesAreThoseOfTheBooksReviewedWordsAlone(_ service: any WordService)
      async throws
    {
      let book = try await service.createBook(title: "Book")
      let otherBook = try await service.createBook(title: "Other")
      var words: [Word] = []
      for term in ["a", "b", "never reviewed"] {
        words.append(try await service.saveWord(WordDraft(term: term, meaning: "m"), to: book.id))
      }
      let elsewhere = try await service.saveWord(
        WordDraft(term: "e", meaning: "m"), to: otherBook.id)
      #expect(try await service.fetchDueTimes(in: book.id) == BookDueTimes())
      let first = try await service.recordReview(
        Review(rating: .good, time: start), of: words[0].id)
      let second = try await service.recordReview(
        Review(rating: .easy, time: start), of: words[1].id)
      _ = try await service.recordReview(Review(rating: .again, time: start), of: elsewhere.id)
      let due = try await service.fetchDueTimes(in: book.id)
      let dueTimes = due.dueTimes
      #expect(
        dueTimes == [words[0].id: try #require(first.due), words[1].id: try #require(second.due)])
      // *good* leaves a new word learning; *easy* sends it to review.
      #expect(due.learningWordIDs == [words[0].id])
      // The same as the whole schedule says, for any book.
      let schedule = try await service.fetchSchedule(in: book.id, dueBy: nil)
      #expect(
        dueTimes
          == Dictionary(
            uniqueKeysWithValues: schedule.compactMap { line in
              line.memory.due.map { (line.word.id, $0) }
            }))
    }

    static func removingTheLastReviewRestoresTheStateBeforeIt(_ service: any WordService)
      async throws
    {
      let (book, word, _) = try await waterAndFire(in: service)
      #expect(try await service.removeLastReview(of: word.id, restoring: .notStudied) == .new)
      let first = try await service.recordReview(Review(rating: .good, time: start), of: word.id)
      _ = try await service.recordReview(
        Review(rating: .again, time: start.advanced(by: 700)), of: word.id)
      #expect(try await service.removeLastReview(of: word.id, restoring: .notStudied) == first)
      #expect(
        try await service.fetchSchedule(in: book.id, dueBy: nil).map(\.memory) == [first, .new])
      #expect(try await service.removeLastReview(of: word.id, restoring: .notStudied) == .new)
      #expect(try await service.fetchReviews(of: word.id) == [])
      #expect(
        try await service.fetchSchedule(in: book.id, dueBy: nil).map(\.memory) == [.new, .new])
    }

    static func newSettingsAreKeptAndRescheduleEveryWord(_ service: any WordService) async throws {
      #expect(try await service.reviewSettings() == .standard)
      let (book, word, _) = try await waterAndFire(in: service)
      _ = try await service.recordReview(Review(rating: .good, time: start), of: word.id)
      let settings = try ReviewSettings(
        scheduler: SchedulerSettings(learningSteps: [.seconds(120), .seconds(1200)]),
        newWordsPerDay: 5)
      try await service.setReviewSettings(settings)
      #expect(try await service.reviewSettings() == settings)
      let schedule = try await service.fetchSchedule(in: book.id, dueBy: nil)
      #expect(schedule.map(\.memory.due) == [start.advanced(by: 1200), nil])
      let fewer = try ReviewSettings(scheduler: settings.scheduler, newWordsPerDay: 0)
      try await service.setReviewSettings(fewer)
      #expect(try await service.reviewSettings() == fewer)
      #expect(try await service.fetchSchedule(in: book.id, dueBy: nil) == schedule)
    }

    static func importedReviewsJoinEachLogInTimeOrder(_ service: any WordService) async throws {
      let (book, word, other) = try await waterAndFire(in: service)
      let existing = Review(rating: .good, time: start)
      _ = try await service.recordReview(existing, of: word.id)
      let day = Int64(86_400)
      let later = Review(rating: .good, time: start.advanced(by: 2 * day))
      let earlier = Review(rating: .again, time: start.advanced(by: day))
      let sameSecond = Review(rating: .easy, time: start.advanced(by: day))
      let count = try await service.importReviews { write throws(WordServiceError) in
        try write([WordReview(wordID: word.id, review: later)])
        try write([
          WordReview(wordID: other.id, review: sameSecond),
          WordReview(wordID: word.id, review: earlier),
          WordReview(wordID: word.id, review: sameSecond),
        ])
      }
      #expect(count == 4)
      let log = [existing, earlier, sameSecond, later]
      #expect(try await service.fetchReviews(of: word.id) == log)
      #expect(try await service.fetchReviews(of: other.id) == [sameSecond])
      let scheduler = ReviewScheduler(settings: .standard)
      #expect(
        try await service.fetchSchedule(in: book.id, dueBy: nil).map(\.memory) == [
          WordMemory.replaying(log, of: word.id, with: scheduler).state,
          WordMemory.replaying([sameSecond], of: other.id, with: scheduler).state,
        ])
    }

    static func aFailedImportOfReviewsAddsNone(_ service: any WordService) async throws {
      let (book, word, _) = try await waterAndFire(in: service)
      let review = WordReview(wordID: word.id, review: Review(rating: .good, time: start))
      let unknown = await #expect(throws: WordServiceError.self) {
        try await service.importReviews { write throws(WordServiceError) in
          try write([review, WordReview(wordID: Word.ID(99), review: review.review)])
        }
      }
      #expect(unknown?.kind == .notFound)
      let refused = WordServiceError(.invalidInput, "Refused by the test.")
      let thrown = await #expect(throws: WordServiceError.self) {
        try await service.importReviews { write throws(WordServiceError) in
          try write([review])
          throw refused
        }
      }
      #expect(thrown == refused)
      #expect(try await service.fetchReviews(of: word.id) == [])
      #expect(
        try await service.fetchSchedule(in: book.id, dueBy: nil).map(\.memory) == [.new, .new])
    }

    /// A review so late that the word's next review could fall after 9999-12-31T23:59:59Z, the
    /// latest time the commands read and write, is refused by a review and by both imports, and
    /// nothing is logged.
    static func aReviewTooLateToScheduleIsRefused(_ service: any WordService) async throws {
      let (book, word, _) = try await waterAndFire(in: service)
      let late = Review(
        rating: .good, time: try #require(Timestamp(iso8601: "9999-12-31T23:59:59Z")))
      let recorded = await #expect(throws: WordServiceError.self) {
        try await service.recordReview(late, of: word.id)
      }
      #expect(recorded?.kind == .invalidInput)
      let imported = await #expect(throws: WordServiceError.self) {
        try await service.importReviews { write throws(WordServiceError) in
          try write([WordReview(wordID: word.id, review: late)])
        }
      }
      #expect(imported?.kind == .invalidInput)
      let byTerm = await #expect(throws: WordServiceError.self) {
        try await service.importReviews(into: book.id) { write throws(WordServiceError) in
          try write([TermReview(line: 2, term: "물", review: late)])
        }
      }
      #expect(byTerm?.kind == .invalidInput)
      #expect(try await service.fetchReviews(of: word.id) == [])
      #expect(
        try await service.fetchSchedule(in: book.id, dueBy: nil).map(\.memory) == [.new, .new])
    }

    /// Random reviews, undos and changes of settings on a few words: after every step, each
    /// word's stored state is what replaying its stored log gives, and an undo gives back the
    /// state before the review it removes.
    static func theStoredStateIsAlwaysTheReplayedLog(_ service: any WordService) async throws {
      let book = try await service.createBook(title: "Book")
      var words: [Word.ID] = []
      for index in 0..<4 {
        words.append(
          try await service.saveWord(WordDraft(term: "t\(index)", meaning: "m"), to: book.id).id)
      }
      var generator = SplitMix64(seed: 27)
      var history: [Word.ID: [MemoryState]] = [:]
      var time = start
      for step in 0..<150 {
        let wordID = words[Int(generator.next(below: UInt64(words.count)))]
        switch generator.next(below: 10) {
        case 0..<6:
          time = time.advanced(by: Int64(generator.next(below: 4 * 86_400)))
          let rating = Rating.allCases[Int(generator.next(below: 4))]
          let before = try await service.fetchSchedule(in: book.id, dueBy: nil)
            .first { $0.word.id == wordID }?.memory
          history[wordID, default: []].append(try #require(before))
          _ = try await service.recordReview(Review(rating: rating, time: time), of: wordID)
        case 6..<9:
          let restored = try await service.removeLastReview(of: wordID, restoring: .notStudied)
          #expect(restored == history[wordID]?.popLast() ?? .new, "step \(step)")
        default:
          let settings = try ReviewSettings(
            scheduler: SchedulerSettings(
              desiredRetention: 0.8 + Double(generator.next(below: 15)) / 100,
              isFuzzEnabled: generator.next(below: 2) == 0))
          try await service.setReviewSettings(settings)
          // The states before each review are now those the new settings give.
          let scheduler = ReviewScheduler(settings: settings.scheduler)
          for wordID in words {
            let log = try await service.fetchReviews(of: wordID)
            history[wordID] = log.indices.map { count in
              WordMemory.replaying(log.prefix(count), of: wordID, with: scheduler).state
            }
          }
        }
        let scheduler = ReviewScheduler(settings: try await service.reviewSettings().scheduler)
        for line in try await service.fetchSchedule(in: book.id, dueBy: nil) {
          let log = try await service.fetchReviews(of: line.word.id)
          let replayed = WordMemory.replaying(log, of: line.word.id, with: scheduler)
          #expect(line.memory == replayed.state, "step \(step), word \(line.word.id)")
        }
      }
    }

    /// The requirements of this part, in the order they are checked.
    static let requirements: [Requirement] = [
      Requirement(
        .reviews, "aReviewIsLoggedAndSchedulesTheWord", aReviewIsLoggedAndSchedulesTheWord),
      Requirement(.reviews, "theDueWordsComeMostOverdueFirst", theDueWordsComeMostOverdueFirst),
      Requirement(
        .reviews, "reviewsAreCountedByDayWithinTheRange", reviewsAreCountedByDayWithinTheRange),
      Requirement(
        .reviews, "theLogOutlivesEditsAndGoesWithItsWord", theLogOutlivesEditsAndGoesWithItsWord),
      Requirement(.reviews, "unknownWordsAndBooksAreNotFound", unknownWordsAndBooksAreNotFound),
      Requirement(
        .reviews, "theNewWordsBegunSinceATimeAreThoseFirstReviewedSince",
        theNewWordsBegunSinceATimeAreThoseFirstReviewedSince),
      Requirement(
        .reviews, "theDueTimesAreThoseOfTheBooksReviewedWordsAlone",
        theDueTimesAreThoseOfTheBooksReviewedWordsAlone),
      Requirement(
        .reviews, "removingTheLastReviewRestoresTheStateBeforeIt",
        removingTheLastReviewRestoresTheStateBeforeIt),
      Requirement(
        .reviews, "newSettingsAreKeptAndRescheduleEveryWord",
        newSettingsAreKeptAndRescheduleEveryWord),
      Requirement(
        .reviews, "importedReviewsJoinEachLogInTimeOrder", importedReviewsJoinEachLogInTimeOrder),
      Requirement(.reviews, "aFailedImportOfReviewsAddsNone", aFailedImportOfReviewsAddsNone),
      Requirement(.reviews, "aReviewTooLateToScheduleIsRefused", aReviewTooLateToScheduleIsRefused),
      Requirement(
        .reviews, "theStoredStateIsAlwaysTheReplayedLog", theStoredStateIsAlwaysTheReplayedLog),
      Requirement(
        .reviews, "eachRatingStoresWhatItsPreviewSaid", eachRatingStoresWhatItsPreviewSaid),
    ]
  }
}
