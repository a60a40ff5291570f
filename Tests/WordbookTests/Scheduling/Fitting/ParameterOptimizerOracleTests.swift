import Foundation
import Testing
import WordbookTestSupport

@testable import Wordbook

/// The optimizer against fsrs-rs-python 0.9.3 itself: exact where no random step is involved
/// (the loss, the evaluator, the first stabilities), and as good on held-out reviews where the
/// shuffles differ.
@Suite(.enabled(if: FSRSRSOracle.runs, FSRSRSOracle.unavailable))
struct ParameterOptimizerOracleTests {
  @Test func testBatchLossMatchesFSRSRSEvaluation() async throws {
    let (history, _) = MemoryModelGradientTests.batchHistory()
    var request = FSRSRSOracle.Request(history)
    for word in 0..<history.wordCount {
      request.sets["\(word)"] = [[word, history.reviews(ofWord: word).count - 1]]
      request.evaluations.append(
        .init(set: "\(word)", parameters: SchedulerSettings.defaultParameters))
    }
    let answer = try await FSRSRSOracle.run(request)
    // An item scored alone has weight 1, so its log loss is its loss.
    let loss = answer.evaluations.reduce(0) { $0 + $1[0] }
    #expect(abs(loss - MemoryModelGradientTests.loss) <= 1e-5, "fsrs-rs-python: \(loss)")
  }

  @Test(arguments: Self.histories)
  func evaluationMatchesFSRSRS(_ name: String) async throws {
    let history = try Self.history(name)
    let optimizer = ParameterOptimizer(history: history)
    var generator = SplitMix64(seed: 50)
    let sets =
      [
        SchedulerSettings.defaultParameters, SyntheticLearner.closeParameters,
        SyntheticLearner.farParameters,
      ] + (0..<3).map { _ in Self.randomParameters(using: &generator) }
    var request = FSRSRSOracle.Request(history)
    request.addSet("all", of: history)
    request.evaluations = sets.map { .init(set: "all", parameters: $0) }
    let answer = try await FSRSRSOracle.run(request)
    for (parameters, expected) in zip(sets, answer.evaluations) {
      let ours = try #require(optimizer.evaluation(of: parameters))
      #expect(abs(ours.logLoss - expected[0]) <= 1e-5, "\(parameters): \(ours) \(expected)")
      #expect(abs(ours.rmseBins - expected[1]) <= 1e-5, "\(parameters): \(ours) \(expected)")
    }
  }

  /// Fitted to the first 80% of the days, the parameters predict the last 20% as well as
  /// fsrs-rs's fit of the same items, both scored by fsrs-rs's evaluator; for the learner far
  /// from the defaults, about as well as the learner's true parameters.
  @Test(arguments: Self.histories)
  func heldOutReviewsArePredictedAsWellAsByFSRSRS(_ name: String) async throws {
    let full = try Self.history(name)
    let logs = try Self.logs(name)
    let cutOff = RealReviewLog.cutOff(logs)
    var training = ReviewHistory(now: full.now)
    for (index, log) in logs.enumerated() {
      training.append(log.filter { $0.time < cutOff }, of: Word.ID(Int64(index + 1)))
    }
    let fit = try ParameterOptimizer(history: training).fit()
    #expect(fit.scope == .all)
    var request = FSRSRSOracle.Request(full)
    request.addSet("train", of: full) { $0 < cutOff }
    request.addSet("test", of: full) { $0 >= cutOff }
    #expect(request.sets["train"]?.count == training.itemCount)
    request.fits = ["train"]
    request.evaluations = [
      .init(set: "test", parameters: fit.parameters), .init(set: "test", parameters: nil),
      .init(set: "test", parameters: name == "real" ? nil : Self.trueParameters(name)),
    ]
    let answer = try await FSRSRSOracle.run(request)
    let (ours, theirs, truth) = (
      answer.evaluations[0], answer.evaluations[1], answer.evaluations[2]
    )
    #expect(ours[0] <= theirs[0] + 0.002, "log loss: ours \(ours[0]), fsrs-rs \(theirs[0])")
    #expect(ours[1] <= theirs[1] + 0.005, "RMSE(bins): ours \(ours[1]), fsrs-rs \(theirs[1])")
    if name == "far" {
      #expect(ours[0] <= truth[0] + 0.003, "log loss: ours \(ours[0]), true \(truth[0])")
    }
  }

  /// With 8 to 63 items only the first stabilities are fitted, by a search with no random
  /// step: they equal fsrs-rs's; with fewer, neither fits.
  @Test func initialStabilitiesMatchFSRSRSOnSmallHistories() async throws {
    var generator = SplitMix64(seed: 63)
    var histories: [ReviewHistory] = []
    while histories.count < 40 {
      let history = Self.smallHistory(using: &generator)
      let items = TrainingSet(ReviewItems(history), longestItem: 256).itemCount
      if items < 64 { histories.append(history) }
    }
    var request = FSRSRSOracle.Request()
    for (index, history) in histories.enumerated() {
      request.addSet("\(index)", of: history, firstWord: request.addWords(of: history))
      request.fits.append("\(index)")
    }
    let answer = try await FSRSRSOracle.run(request)
    var fitted = 0
    for (history, theirs) in zip(histories, answer.fitted) {
      do {
        let fit = try ParameterOptimizer(history: history).fit()
        #expect(fit.scope == .initialStabilities)
        for index in 0..<4 {
          #expect(
            abs(fit.parameters[index] - theirs[index]) <= 1e-3, "w[\(index)]: \(fit) \(theirs)")
        }
        #expect(Array(fit.parameters[4...]) == Array(SchedulerSettings.defaultParameters[4...]))
        fitted += 1
      } catch ParameterFitError.tooFewReviews {
        for (ours, standard) in zip(theirs, SchedulerSettings.defaultParameters) {
          #expect(abs(ours - standard) <= 1e-6)
        }
      }
    }
    #expect(fitted >= 20, "histories with 8 to 63 items: \(fitted)")
  }

  /// 20 to 60 words, mostly first rated good and first seen again a day or two later, some
  /// with a second interval and same-day reviews: histories near fsrs-rs's thresholds.
  static func smallHistory(using generator: inout SplitMix64) -> ReviewHistory {
    var history = ReviewHistory(now: Timestamp(secondsSince1970: 1 << 40))
    let ratings: [Rating] = [.again, .hard, .good, .good, .good, .good, .easy]
    for word in 0..<(20 + Int(generator.next(below: 41))) {
      var time = Timestamp(secondsSince1970: 1_700_000_000 + Int64(word) * 3_600)
      var log = [Review(rating: ratings[Int(generator.next(below: 7))], time: time)]
      if generator.next(below: 4) == 0 {
        time = time.advanced(by: 600)
        log.append(Review(rating: .good, time: time))
      }
      for _ in 0..<(1 + Int(generator.next(below: 2))) {
        time = time.advanced(by: Int64(1 + generator.next(below: 3)) * 86_400)
        log.append(Review(rating: ratings[Int(generator.next(below: 7))], time: time))
      }
      history.append(log, of: Word.ID(Int64(word + 1)))
    }
    return history
  }

  /// The real log where `../shared/data` is beside the repository (not in a user's clone), and
  /// the two synthetic learners.
  static let histories = (RealReviewLog.isAvailable ? ["real"] : []) + ["close", "far"]

  static func trueParameters(_ name: String) -> [Double] {
    name == "close" ? SyntheticLearner.closeParameters : SyntheticLearner.farParameters
  }

  static func logs(_ name: String) throws -> [[Review]] {
    switch name {
    case "real":
      return try RealReviewLog.logs()
    default:
      let learner = SyntheticLearner(
        parameters: trueParameters(name), newWordsPerDay: 20, days: 150,
        seed: name == "close" ? 1 : 2)
      return try learner.reviewLogs(startingAt: Timestamp(secondsSince1970: 1_700_000_000))
    }
  }

  static func history(_ name: String) throws -> ReviewHistory {
    var history = ReviewHistory(now: Timestamp(secondsSince1970: 1 << 40))
    for (index, log) in try logs(name).enumerated() {
      history.append(log, of: Word.ID(Int64(index + 1)))
    }
    return history
  }

  static func randomParameters(using generator: inout SplitMix64) -> [Double] {
    SchedulerSettings.parameterBounds.enumerated().map { index, bounds in
      let fraction = Double(generator.next() >> 11) * 0x1p-53
      // The first stabilities spread over their whole range would be far from any learner.
      let upper = index < 4 ? min(bounds.upperBound, 30) : bounds.upperBound
      return ((bounds.lowerBound + fraction * (upper - bounds.lowerBound)) * 10_000).rounded()
        / 10_000
    }
  }
}
