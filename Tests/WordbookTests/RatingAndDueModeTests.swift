import Foundation
import StoreCore
import StoreTesting
import Testing
import Wordbook
import WordbookTesting

/// Ratings through the store, as a front end sends them: each marks its word and records a
/// review, undo takes both back, and Due mode shows the due words first, then new ones.
@MainActor
@Suite struct RatingAndDueModeTests {
  static let start = Timestamp(secondsSince1970: 1_800_000_000)
  static let scheduler = ReviewScheduler(settings: .standard)
  static let words = (1...5).map { WordDraft(term: "단어 \($0)", meaning: "word \($0)") }

  /// A store whose clock says `time`, on a service of one book of five words, opened.
  func openedStore(_ service: any WordService, at time: Timestamp = start) async
    -> Store<AppState, AppAction>
  {
    let store = Store(
      initialState: AppState(seed: 3), reducer: AppReducer(service: service, clock: { time }))
    store.send(.books(.view(.loadBooks)))
    await store.settle()
    store.send(.books(.view(.selectBook(store.state.list.books[0].id))))
    await store.settle()
    return store
  }

  /// A word's memory after `ratings`, each at `time`.
  static func memory(_ ratings: [Rating], of wordID: Word.ID, at time: Timestamp = start)
    -> MemoryState
  {
    WordMemory.replaying(
      ratings.map { Review(rating: $0, time: time) }, of: wordID, with: scheduler
    ).state
  }

  @Test func aRatingMarksTheWordAndRecordsItsReviewAndUndoTakesBothBack() async throws {
    let service = InMemoryWordService(books: [("Verbs", Self.words)])
    let open = await openedStore(service)
    let ids = open.state.visibleWords.ids
    let id = ids[0]
    let rating = ReviewID(origin: 1, sequence: 0)
    await withTestStore(initialState: open.state, reducer: AppReducer(service: service)) {
      store in
      let time = Self.start
      // One write: the mark and the review together. The round moves on to the next card.
      store.send(.study(.view(.rate(id, .hard, at: time, id: rating)))) {
        $0.session.words.setStudyState(.success, of: id)
        $0.session.round.current = ids[1]
        $0.session.round.currentPosition = 1
        $0.session.round.counts.unscheduled = 4
        $0.session.round.ratedCount = 1
        $0.session.round.answerCount = 1
        $0.session.round.time = time
      }
      let rated = Self.memory([.hard], of: id)
      // *hard* keeps a new word learning; a round of all words goes through its cards once,
      // so it is not the round's again (a Due round's would be, when its step is due).
      #expect(rated.phase.isLearning)
      await store.receive(.study(.reviewRecorded(id, .success(rated)))) {
        $0.session.schedule.record(rated, of: id)
      }
      #expect(
        (try? await service.fetchReviews(of: id))
          == [Review(rating: .hard, time: time, id: rating)])

      // Undo takes back both in one write, and the card is the current one again.
      store.send(.study(.view(.undo))) {
        $0.session.words.setStudyState(.notStudied, of: id)
        $0.session.round.current = id
        $0.session.round.currentPosition = 0
        $0.session.round.counts = RoundCounts(unscheduled: 5)
        $0.session.round.ratedCount = 0
        $0.session.round.answerCount = 0
      }
      await store.receive(.study(.reviewRemoved(id, .success(.new)))) {
        $0.session.schedule.record(.new, of: id)
      }
      #expect((try? await service.fetchReviews(of: id)) == [])
      #expect(
        (try? await service.fetchWords(in: open.state.list.books[0].id))?[0].studyState
          == .notStudied)

      store.send(.study(.view(.redo))) {
        $0.session.words.setStudyState(.success, of: id)
        $0.session.round.current = ids[1]
        $0.session.round.currentPosition = 1
        $0.session.round.counts = RoundCounts(unscheduled: 4)
        $0.session.round.ratedCount = 1
        $0.session.round.answerCount = 1
      }
      await store.receive(.study(.reviewRecorded(id, .success(rated)))) {
        $0.session.schedule.record(rated, of: id)
      }
      #expect(
        (try? await service.fetchReviews(of: id))
          == [Review(rating: .hard, time: time, id: rating)])
    }
  }

  /// A second rating that keeps the mark is still its own step: undoing it removes only its
  /// review, and the word keeps the first.
  @Test func undoingARatingThatKeptTheMarkRemovesOnlyItsReview() async throws {
    let service = InMemoryWordService(books: [("Verbs", Self.words)])
    let store = await openedStore(service)
    let id = store.state.visibleWords.ids[0]
    store.send(.study(.view(.rate(id, .good, at: Self.start))))
    store.send(.study(.view(.rate(id, .easy, at: Self.start.advanced(by: 600)))))
    await store.settle()
    #expect(try await service.fetchReviews(of: id).map(\.rating) == [.good, .easy])
    store.send(.study(.view(.undo)))
    await store.settle()
    #expect(store.state.session.words[id]?.studyState == .success)
    #expect(try await service.fetchReviews(of: id) == [Review(rating: .good, time: Self.start)])
    #expect(store.state.session.schedule.dueTimes[id] == Self.memory([.good], of: id).due)
  }

  /// A review the service refuses leaves an error, and undo then keeps the review before it.
  @Test func aRefusedReviewIsNotUndoneOverTheOneBefore() async throws {
    let memory = InMemoryWordService(books: [("Verbs", Self.words)])
    let service = ScriptedWordService(wrapping: memory)
    let store = await openedStore(service)
    let id = store.state.visibleWords.ids[0]
    store.send(.study(.view(.rate(id, .good, at: Self.start))))
    await store.settle()
    let offline = WordServiceError(.unavailable, "The test is offline.")
    await service.fail(.recordReview, call: 2, with: offline)
    store.send(.study(.view(.rate(id, .again, at: Self.start.advanced(by: 60)))))
    await store.settle()
    #expect(store.state.lastError == .service(offline))
    store.send(.study(.view(.undo)))
    await store.settle()
    #expect(try await memory.fetchReviews(of: id) == [Review(rating: .good, time: Self.start)])
    #expect(!store.state.hasUnsavedMarks)
  }

  /// Due mode: the overdue word first, then the one due later, then new words up to the
  /// day's allowance less the new words reviewed today; a word due tomorrow waits.
  @Test func dueModeShowsTheMostOverdueFirstThenTheDaysNewWords() async throws {
    let service = InMemoryWordService(books: [("Verbs", Self.words)])
    try await service.setReviewSettings(ReviewSettings(newWordsPerDay: 2))
    let ids = try await service.fetchWords(in: service.fetchBooks()[0].id).map(\.id)
    let day: Int64 = 86_400
    let yesterday = Self.start.advanced(by: -day)
    // Reviewed yesterday, so today's allowance of new words is whole. Word 2 was due 10 minutes
    // after, word 4 a minute after: both are due, 4 first.
    _ = try await service.recordReview(Review(rating: .good, time: yesterday), of: ids[1])
    _ = try await service.recordReview(Review(rating: .again, time: yesterday), of: ids[3])
    // Word 5 graduates to days: not due today.
    _ = try await service.recordReview(Review(rating: .easy, time: yesterday), of: ids[4])
    let store = await openedStore(service, at: Self.start.advanced(by: 3600))
    store.send(.study(.view(.setStudyMode(.due))))
    #expect(store.state.session.schedule.status == .loading)
    await store.settle()
    let schedule = store.state.session.schedule
    #expect(schedule.status == .loaded)
    #expect(schedule.dueCount == 2)
    #expect(schedule.newWordsLeft == 2)
    #expect(schedule.nextDue == Self.memory([.again], of: ids[3], at: yesterday).due)
    #expect(store.state.visibleWords.ids == [ids[3], ids[1], ids[0], ids[2]])
    #expect(try #require(Self.memory([.easy], of: ids[4], at: yesterday).due) > Self.start)

    // Rating a new word counts against the day's allowance at the next reading.
    store.send(.study(.view(.rate(ids[0], .good, at: Self.start.advanced(by: 3600)))))
    store.send(.study(.view(.rate(ids[3], .good, at: Self.start.advanced(by: 3600)))))
    await store.settle()
    #expect(store.state.session.schedule.dueCount == 1)
    #expect(store.state.session.schedule.newWordsLeft == 1)
    store.send(.study(.view(.setStudyMode(.due))))
    await store.settle()
    // Word 2 is still due and one new word is left; words 1 and 4 are learning, due in 10
    // minutes, which the round shows when their step is due. All three are learning words.
    #expect(store.state.visibleWords.ids == [ids[1], ids[2], ids[0], ids[3]])
    #expect(store.state.session.round.counts == RoundCounts(new: 1, learning: 3))
  }

  /// The day's allowance of new words is the learner's, not a session's: a session opened
  /// after another began new words today shows that many fewer.
  @Test func newWordsBegunInAnotherSessionTodayCountAgainstTheAllowance() async throws {
    let service = InMemoryWordService(books: [("Verbs", Self.words)])
    try await service.setReviewSettings(ReviewSettings(newWordsPerDay: 3))
    let first = await openedStore(service)
    let ids = first.state.visibleWords.ids
    first.send(.study(.view(.rate(ids[0], .good, at: Self.start))))
    first.send(.study(.view(.rate(ids[1], .again, at: Self.start))))
    await first.settle()
    let second = await openedStore(service, at: Self.start.advanced(by: 60))
    second.send(.study(.view(.setStudyMode(.due))))
    await second.settle()
    #expect(second.state.session.schedule.newWordsLeft == 1)
    // The word failed a minute before is due again, then comes the one new word left, then the
    // word known a minute before, learning, due in nine minutes.
    #expect(second.state.visibleWords.ids == [ids[1], ids[2], ids[0]])
    // The next day's allowance is whole again.
    let tomorrow = await openedStore(service, at: Self.start.advanced(by: 86_400))
    tomorrow.send(.study(.view(.setStudyMode(.due))))
    await tomorrow.settle()
    #expect(tomorrow.state.session.schedule.newWordsLeft == 3)
  }

  /// A book chosen in Due mode reads its schedule beside its words, not after them: the
  /// schedule may come first, and the words show it once they are in.
  @Test func aBookOpenedInDueModeReadsItsScheduleBesideItsWords() async throws {
    let memory = InMemoryWordService(books: [("Verbs", Self.words)])
    let book = try await memory.fetchBooks()[0]
    let ids = try await memory.fetchWords(in: book.id).map(\.id)
    _ = try await memory.recordReview(
      Review(rating: .again, time: Self.start.advanced(by: -86_400)), of: ids[4])
    // The book was left in Due mode: it opens in it again.
    try await memory.setStudyMode(.due, of: book.id)
    let service = ScriptedWordService(wrapping: memory)
    await service.hold(.fetchWords, call: 1)
    let start = Self.start
    let store = Store(
      initialState: AppState(seed: 3), reducer: AppReducer(service: service, clock: { start }))
    store.send(.books(.view(.loadBooks)))
    await store.settle()
    store.send(.books(.view(.selectBook(book.id))))
    #expect(store.state.session.schedule.status == .loading)
    await service.waitUntilHeld(.fetchWords)
    let deadline = ContinuousClock.now + .seconds(30)
    while store.state.session.schedule.status != .loaded, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(2))
    }
    #expect(store.state.session.schedule.status == .loaded)
    #expect(store.state.session.wordsStatus == .loading)
    await service.release(.fetchWords)
    await store.settle()
    #expect(store.state.visibleWords.ids == [ids[4]] + ids[0..<4])
  }

  /// Due mode chosen while a rating is on its way reads the schedule once the rating is
  /// saved, so the rated word is not shown as new.
  @Test func dueModeChosenWhileARatingIsSavedReadsTheScheduleAfterIt() async throws {
    let memory = InMemoryWordService(books: [("Verbs", Self.words)])
    let service = ScriptedWordService(wrapping: memory)
    let store = await openedStore(service)
    let ids = store.state.visibleWords.ids
    await service.hold(.recordReview, call: 1)
    store.send(.study(.view(.rate(ids[0], .again, at: Self.start))))
    await service.waitUntilHeld(.recordReview)
    store.send(.study(.view(.setStudyMode(.due))))
    #expect(store.state.session.schedule.status == .notLoaded)
    #expect(await service.callCount(of: .fetchSchedule) == 0)
    await service.release(.recordReview)
    await store.settle()
    #expect(store.state.session.schedule.status == .loaded)
    // The word rated *again* is learning, its step a minute away: it comes last, as the round
    // shows it when its step is due, never as new.
    #expect(store.state.visibleWords.ids == Array(ids[1...]) + [ids[0]])
    #expect(store.state.session.round.counts == RoundCounts(new: 4, learning: 1))
  }

  /// Shuffling in Due mode reorders the due words alone and keeps every mark.
  @Test func shufflingDueWordsKeepsTheirMarks() async throws {
    let service = InMemoryWordService(books: [("Verbs", Self.words)])
    let store = await openedStore(service)
    let ids = store.state.visibleWords.ids
    store.send(.study(.view(.rate(ids[0], .again, at: Self.start))))
    store.send(.study(.view(.rate(ids[1], .good, at: Self.start))))
    await store.settle()
    store.send(.study(.view(.setStudyMode(.due))))
    await store.settle()
    // The new words, then the two learning words rated a moment ago.
    let shown = Set(store.state.visibleWords.ids)
    #expect(shown == Set(ids))
    for _ in 0..<5 {
      store.send(.study(.view(.shuffle)))
      #expect(Set(store.state.visibleWords.ids) == shown)
    }
    #expect(store.state.session.words[ids[0]]?.studyState == .fail)
    #expect(store.state.session.words[ids[1]]?.studyState == .success)
    #expect(store.state.tally.fail == 1 && store.state.tally.success == 1)
  }

  /// A rating as a page or a log writes it: the rating is FSRS's number, 1 to 4; any other
  /// value is not an action, which the page's server answers with 400.
  @Test func aRatingDecodesOnlyFromOneToFour() throws {
    let rate = AppAction.study(.view(.rate(Word.ID(7), .hard, at: Self.start)))
    let json = try JSONEncoder().encode(rate)
    #expect(try JSONDecoder().decode(AppAction.self, from: json) == rate)
    for rating in ["0", "5", "\"good\"", "null"] {
      let text = #"{"kind":"rate","id":7,"rating":\#(rating),"time":0}"#
      #expect(throws: DecodingError.self) {
        try JSONDecoder().decode(AppAction.self, from: Data(text.utf8))
      }
    }
  }

  /// Random ratings, undos and redos: at the end each word's due time in the state is what
  /// its log in the service replays to, and the log holds exactly the ratings not undone.
  @Test(arguments: 1...6) func randomRatingsAndUndosKeepTheScheduleAndTheLogInStep(seed: UInt64)
    async throws
  {
    let service = InMemoryWordService(books: [("Verbs", Self.words)])
    let store = await openedStore(service)
    let ids = store.state.visibleWords.ids
    var generator = SplitMix64(seed: seed)
    var time = Self.start
    for _ in 0..<30 {
      time = time.advanced(by: Int64(generator.next() % 200_000))
      switch generator.next() % 4 {
      case 0: store.send(.study(.view(.undo)))
      case 1: store.send(.study(.view(.redo)))
      default:
        let id = ids[Int(generator.next() % UInt64(ids.count))]
        store.send(.study(.view(.rate(id, Rating.allCases[Int(generator.next() % 4)], at: time))))
      }
      if generator.next() % 3 == 0 { await store.settle() }
    }
    await store.settle()
    #expect(!store.state.hasUnsavedMarks)
    for id in ids {
      let log = try await service.fetchReviews(of: id)
      let replayed = WordMemory.replaying(log, of: id, with: Self.scheduler).state
      #expect(store.state.session.schedule.dueTimes[id] == replayed.due, "word \(id)")
    }
  }
}
