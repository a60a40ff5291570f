import StoreCore
import StoreTesting
import Testing
import Wordbook
import WordbookTesting

/// A Due round as an app that depends on Wordbook tests it, every state change and every
/// answer asserted, with a test clock and learning steps of 3 and 6 seconds: toggling into Due,
/// rating, the missed card's return when its step is due, the summary, studying the missed
/// again, and a refused rating rolled back.
@MainActor
@Suite struct StudyRoundTests {
  static let start = Timestamp(secondsSince1970: 1_800_000_000)
  static func scheduler() throws -> SchedulerSettings {
    try SchedulerSettings(learningSteps: [.seconds(3), .seconds(6)])
  }

  /// A service of one book of two new words, its settings' learning steps 3 and 6 seconds.
  func service() async throws -> InMemoryWordService {
    let service = InMemoryWordService(books: [
      (
        "Verbs",
        [WordDraft(term: "가다", meaning: "to go"), WordDraft(term: "오다", meaning: "to come")]
      )
    ])
    try await service.setReviewSettings(ReviewSettings(scheduler: Self.scheduler()))
    return service
  }

  /// A word's memory after `reviews`, as the service schedules it.
  static func memory(
    _ reviews: [(Rating, Int64)], of wordID: Word.ID, with scheduler: SchedulerSettings
  ) -> MemoryState {
    WordMemory.replaying(
      reviews.map { Review(rating: $0.0, time: start.advanced(by: $0.1)) }, of: wordID,
      with: ReviewScheduler(settings: scheduler)
    ).state
  }

  @Test func aDueRoundIsDescribedStepByStep() async throws {
    let memory = try await service()
    let service = ScriptedWordService(wrapping: memory)
    let books = try await memory.fetchBooks()
    let verbs = books[0]
    let words = try await memory.fetchWords(in: verbs.id)
    let (go, come) = (words[0].id, words[1].id)
    let start = Self.start
    let schedule = BookSchedule(time: start, newWordsPerDay: 20, dueTimes: [:])
    let id = { (sequence: UInt64) in ReviewID(origin: 7, sequence: sequence) }
    let scheduler = try Self.scheduler()

    await withTestStore(
      initialState: AppState(seed: 1), reducer: AppReducer(service: service, clock: { start })
    ) { store in
      await store.openBook(verbs, of: books, words: words)

      // Due mode reads the schedule; the round starts once it is in: two new words.
      store.send(.study(.view(.setStudyMode(.due)))) {
        $0.setStudyMode(.due)
        $0.session.schedule.status = .loading
      }
      await store.receive(.study(.scheduleLoaded(verbs.id, .success(schedule)))) {
        $0.takeSchedule(schedule)
      }
      #expect(store.state.session.round.counts == RoundCounts(new: 2))
      #expect(store.state.session.round.current == go)

      // *again*: 가다 is missed, and due again in 3 seconds; the round moves on to 오다.
      store.send(.study(.view(.rate(go, .again, at: start, id: id(0))))) {
        $0.session.words.setStudyState(.fail, of: go)
        $0.session.round.current = come
        $0.session.round.currentPosition = 1
        $0.session.round.counts.new = 1
        $0.session.round.ratedCount = 1
        $0.session.round.answerCount = 1
        $0.session.round.missed = [go]
        $0.session.round.time = start
      }
      let missed = Self.memory([(.again, 0)], of: go, with: scheduler)
      #expect(missed.due == start.advanced(by: 3))
      await store.receive(.study(.reviewRecorded(go, .success(missed)))) {
        $0.session.schedule.record(missed, of: go)
        $0.session.round.counts.learning = 1
      }

      // 오다 a second later, *easy*. Nothing else is left, and 가다's step is due within the
      // learn-ahead limit; but 오다 could come back sooner, so the round waits for its answer:
      // it leaves for days, and 가다 comes back.
      store.send(.study(.view(.rate(come, .easy, at: start.advanced(by: 1), id: id(1))))) {
        $0.session.words.setStudyState(.success, of: come)
        $0.session.round.current = nil
        $0.session.round.currentPosition = nil
        $0.session.round.counts.new = 0
        $0.session.round.ratedCount = 2
        $0.session.round.answerCount = 2
        $0.session.round.time = start.advanced(by: 1)
      }
      let learned = Self.memory([(.easy, 1)], of: come, with: scheduler)
      await store.receive(.study(.reviewRecorded(come, .success(learned)))) {
        $0.session.schedule.record(learned, of: come)
        $0.session.round.current = go
        $0.session.round.currentPosition = 0
      }

      // A rating the service refuses is shown, taken back and kept to send again.
      let offline = WordServiceError(.unavailable, "The test is offline.")
      await service.fail(.recordReview, call: 3, with: offline)
      store.send(.study(.view(.rate(go, .good, at: start.advanced(by: 4), id: id(2))))) {
        $0.session.words.setStudyState(.success, of: go)
        $0.session.round.current = nil
        $0.session.round.currentPosition = nil
        $0.session.round.counts.learning = 0
        $0.session.round.answerCount = 3
        $0.session.round.time = start.advanced(by: 4)
      }
      await store.receive(.study(.reviewRecorded(go, .failure(offline)))) {
        $0.session.words.setStudyState(.fail, of: go)
        $0.session.unsavedMarks = [go: .success]
        $0.session.unsavedReviews = [
          go: Review(rating: .good, time: start.advanced(by: 4), id: id(2))
        ]
        $0.lastError = .service(offline)
        $0.session.round.current = go
        $0.session.round.currentPosition = 0
        $0.session.round.counts.learning = 1
        $0.session.round.answerCount = 2
      }
      store.send(.dismissError) { $0.lastError = nil }

      // Sent again with its ID, it is stored once; 가다 is learning, its next step 6 seconds.
      store.send(.study(.view(.retryUnsavedMarks))) {
        $0.session.words.setStudyState(.success, of: go)
        $0.session.unsavedMarks = [:]
        $0.session.unsavedReviews = [:]
        $0.session.round.current = nil
        $0.session.round.currentPosition = nil
        $0.session.round.counts.learning = 0
        $0.session.round.answerCount = 3
      }
      let stepped = Self.memory([(.again, 0), (.good, 4)], of: go, with: scheduler)
      #expect(stepped.phase.isLearning && stepped.due == start.advanced(by: 10))
      await store.receive(.study(.reviewRecorded(go, .success(stepped)))) {
        $0.session.schedule.record(stepped, of: go)
        $0.session.round.current = go
        $0.session.round.currentPosition = 0
        $0.session.round.counts.learning = 1
      }

      // *good* once more graduates it: the rating on the last card ends the round.
      store.send(.study(.view(.rate(go, .good, at: start.advanced(by: 10), id: id(3))))) {
        $0.session.round.current = nil
        $0.session.round.currentPosition = nil
        $0.session.round.counts.learning = 0
        $0.session.round.answerCount = 4
        $0.session.round.time = start.advanced(by: 10)
      }
      let graduated = Self.memory([(.again, 0), (.good, 4), (.good, 10)], of: go, with: scheduler)
      #expect(graduated.phase == .review)
      await store.receive(.study(.reviewRecorded(go, .success(graduated)))) {
        $0.session.schedule.record(graduated, of: go)
        $0.session.round.isOver = true
      }
      // The round's summary, and nothing rates a card of it.
      #expect(store.state.session.round.knownCount == 1 && store.state.session.round.missed == [go])
      store.send(.study(.view(.rate(come, .good, at: start.advanced(by: 11), id: id(4))))) {
        $0.lastError = .roundIsOver
      }
      store.send(.dismissError) { $0.lastError = nil }

      // Studying the missed again: a round of exactly 가다.
      store.send(.study(.view(.restudyMissed))) {
        $0.session.words.showOnly([go])
        $0.startRound()
      }
      #expect(store.state.visibleWords.map(\.id) == [go])
      #expect(store.state.session.round.counts == RoundCounts(unscheduled: 1))
    }
    #expect(try await memory.fetchReviews(of: go).map(\.rating) == [.again, .good, .good])
  }

  /// What the ID of a rating looks like, and the sample of `StudyRound`'s documentation.
  @Test func aRoundSampleAndARatingsID() async throws {
    let screenOrigin: UInt64 = 0x1234
    let id = ReviewID(origin: screenOrigin, sequence: 7)
    let same = ReviewID(id.description)  // == id
    #expect(same == id && id.description.count == 32)

    let memory = try await service()
    let now = Self.start
    let store = Store(
      initialState: AppState(seed: 1), reducer: AppReducer(service: memory, clock: { now }))
    store.send(.books(.view(.loadBooks)))
    await store.settle()
    store.send(.books(.view(.selectBook(store.state.list.books[0].id))))
    await store.settle()
    store.send(.study(.view(.setStudyMode(.due))))
    await store.settle()
    // … the schedule arrives; the round holds the due words, then the new ones
    if let card = store.state.session.round.current {
      store.send(.study(.view(.rate(card, .again, at: now, id: .random()))))
    }
    await store.settle()
    #expect(store.state.session.round.counts == RoundCounts(new: 1, learning: 1))

    // The study session article's sample: a miss, the rest known, then the missed again.
    if let card = store.state.session.round.current {
      store.send(.study(.view(.rate(card, .again, at: .now, id: .random()))))
    }
    await store.settle()
    while let card = store.state.session.round.current {
      store.send(.study(.view(.rate(card, .easy, at: now, id: .random()))))
      await store.settle()
    }
    #expect(store.state.session.round.isOver && store.state.session.round.missed.count == 2)
    if store.state.session.round.isOver {
      store.send(.study(.view(.restudyMissed)))  // a round of exactly the cards missed in it
    }
    #expect(store.state.visibleWords.count == 2)
    #expect(!store.state.session.round.isOver)
  }
}
