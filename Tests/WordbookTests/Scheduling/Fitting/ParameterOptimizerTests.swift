import Dispatch
import StoreCore
import Testing
import WordbookTestSupport

@testable import Wordbook

/// The optimizer's answers to bad input, its progress and cancellation, and that it is pure.
@Suite struct ParameterOptimizerTests {
  static let start = Timestamp(secondsSince1970: 1_700_000_000)
  static let now = start.advanced(by: 400 * 86_400)

  static func learnerHistory(days: Int = 60) throws -> ReviewHistory {
    let learner = SyntheticLearner(
      parameters: SyntheticLearner.closeParameters, newWordsPerDay: 10, days: days, seed: 7)
    var history = ReviewHistory(now: now)
    for (index, log) in try learner.reviewLogs(startingAt: start).enumerated() {
      history.append(log, of: Word.ID(Int64(index + 1)))
    }
    return history
  }

  @Test func reviewsADayApartAreItemsAndSameDayOnesShapeTheHistory() {
    var history = ReviewHistory(now: Self.now)
    history.append(
      [
        Review(rating: .good, time: Self.start),
        Review(rating: .good, time: Self.start.advanced(by: 600)),
        Review(rating: .again, time: Self.start.advanced(by: 86_400 + 600)),
        Review(rating: .good, time: Self.start.advanced(by: 86_400 + 1_200)),
        Review(rating: .good, time: Self.start.advanced(by: 4 * 86_400)),
      ], of: Word.ID(1))
    #expect(history.reviewCount == 5)
    #expect(history.itemCount == 2)
    #expect(history.days == [0, 0, 1, 0, 2])
    #expect(history.problem == nil)
  }

  @Test func aLogOutOfOrderOrInTheFutureIsLeftOutAndNamed() {
    var history = ReviewHistory(now: Self.now)
    history.append([Review(rating: .good, time: Self.start)], of: Word.ID(1))
    history.append(
      [
        Review(rating: .good, time: Self.start.advanced(by: 86_400)),
        Review(rating: .good, time: Self.start),
      ],
      of: Word.ID(2))
    history.append([Review(rating: .easy, time: Self.now.advanced(by: 1))], of: Word.ID(3))
    #expect(history.wordCount == 1)
    #expect(history.problem == ReviewLogProblem(.outOfOrder, wordID: Word.ID(2), time: Self.start))
    #expect(history.problemCount == 2)
    #expect(throws: ParameterFitError.unreadableLog(history.problem!, count: 2)) {
      try ParameterOptimizer(history: history).fit()
    }
  }

  @Test func tooFewReviewsFitNothing() {
    let day = Int64(86_400)
    let cases: [[[Review]]] = [
      [],
      [[Review(rating: .good, time: Self.start)]],
      (0..<30).map { word in
        (0..<4).map { Review(rating: .good, time: Self.start.advanced(by: Int64(word * 60 + $0))) }
      },
      (0..<5).map { word in
        [
          Review(rating: .good, time: Self.start.advanced(by: Int64(word))),
          Review(rating: .good, time: Self.start.advanced(by: day)),
        ]
      },
    ]
    for logs in cases {
      var history = ReviewHistory(now: Self.now)
      for (index, log) in logs.enumerated() { history.append(log, of: Word.ID(Int64(index + 1))) }
      #expect {
        try ParameterOptimizer(history: history).fit()
      } throws: { error in
        guard case .tooFewReviews(let usable, needed: 8) = error as? ParameterFitError else {
          return false
        }
        return usable <= history.itemCount && usable < 8
      }
      if history.itemCount == 0 {
        #expect(
          ParameterOptimizer(history: history).evaluation(of: SchedulerSettings.defaultParameters)
            == nil)
      }
    }
  }

  @Test func theSameReviewsGiveTheSameParametersWithinBounds() throws {
    let history = try Self.learnerHistory()
    let first = try ParameterOptimizer(history: history).fit()
    let second = try ParameterOptimizer(history: history).fit()
    #expect(first == second)
    // Each evaluation bins the items in a dictionary of its own, whose order differs with
    // where it is allocated: evaluations at once, each holding on to what it allocated.
    let evaluations = Locked([ParameterEvaluation?]())
    DispatchQueue.concurrentPerform(iterations: 16) { index in
      let ballast = [UInt8](repeating: UInt8(index), count: 1 << (8 + index % 8))
      let evaluation = ParameterOptimizer(history: history).evaluation(of: first.parameters)
      evaluations.withLock { $0.append(evaluation) }
      withExtendedLifetime(ballast) {}
    }
    #expect(evaluations.withLock { $0 }.allSatisfy { $0 == first.evaluation })
    #expect(first.scope == .all)
    _ = try SchedulerSettings(parameters: first.parameters)
    let current = try #require(
      ParameterOptimizer(history: history).evaluation(of: SchedulerSettings.defaultParameters))
    #expect(first.evaluation.itemCount == current.itemCount)
    #expect(first.evaluation.logLoss < current.logLoss)
  }

  @Test func progressRisesToTheEndOfTheLastPass() throws {
    var seen: [ParameterFitProgress] = []
    _ = try ParameterOptimizer(history: try Self.learnerHistory()).fit { seen.append($0) }
    #expect(!seen.isEmpty)
    #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.fraction <= $1.fraction })
    #expect(seen.last?.fraction == 1)
    #expect(seen.last?.epoch == 5)
  }

  @Test func aCancelledTaskStopsTheFit() async throws {
    let history = try Self.learnerHistory()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try ParameterOptimizer(history: history).fit()
    }
    await #expect(throws: ParameterFitError.cancelled) { try await task.value }
  }

  @Test func aFitThatDivergesSaysSo() throws {
    var settings = ParameterOptimizer.Settings()
    settings.learningRate = .infinity
    let optimizer = ParameterOptimizer(history: try Self.learnerHistory(), settings: settings)
    #expect(throws: ParameterFitError.diverged) { try optimizer.fit() }
  }
}
