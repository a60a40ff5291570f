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

  @Test(arguments: ["real", "close", "far"])
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

  @Test func heldOutQuality() async throws {
    for name in ["real", "close", "far"] {
      let full = try Self.history(name)
      let logs = try Self.logs(name)
      let cutOff = RealReviewLog.cutOff(logs)
      var training = ReviewHistory(now: full.now)
      for (index, log) in logs.enumerated() {
        training.append(log.filter { $0.time < cutOff }, of: Word.ID(Int64(index + 1)))
      }
      let clock = ContinuousClock()
      let started = clock.now
      let fit = try ParameterOptimizer(history: training).fit()
      let elapsed = clock.now - started
      var request = FSRSRSOracle.Request(full)
      request.addSet("train", of: full) { $0 < cutOff }
      request.addSet("test", of: full) { $0 >= cutOff }
      request.fit = "train"
      request.evaluations = [
        .init(set: "test", parameters: fit.parameters), .init(set: "test", parameters: nil),
        .init(set: "test", parameters: SchedulerSettings.defaultParameters),
      ]
      if name != "real" {
        request.evaluations.append(.init(set: "test", parameters: Self.trueParameters(name)))
      }
      try JSONEncoder().encode(request).write(to: URL(fileURLWithPath: "/tmp/opt/\(name).json"))
      let answer = try await FSRSRSOracle.run(request)
      print(
        name, training.itemCount, request.sets["test"]?.count ?? 0, elapsed, answer.evaluations,
        fit.parameters, answer.fitted ?? [])
    }
  }

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
