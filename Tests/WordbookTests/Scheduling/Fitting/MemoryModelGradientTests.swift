import Testing

@testable import Wordbook

/// The loss and its hand-written gradient on fsrs-rs's own test batch, against the figures
/// fsrs-rs's automatic differentiation gives (its `test_loss_and_grad`).
@Suite struct MemoryModelGradientTests {
  /// fsrs-rs's batch: each word's history (days since the review before, rating), then the
  /// predicted review's interval and whether it was recalled.
  static let batch: [(history: [(UInt32, Rating)], days: UInt32, recalled: Bool)] = [
    ([(0, .again), (0, .good), (0, .again), (0, .easy), (1, .good), (3, .hard)], 4, true),
    ([(0, .hard), (0, .easy), (0, .easy), (1, .good), (3, .again), (6, .good)], 11, true),
    ([(0, .good), (0, .hard), (0, .easy), (1, .good), (3, .good), (6, .good)], 12, true),
    ([(0, .easy), (0, .easy), (1, .good), (3, .good), (5, .good), (12, .easy)], 23, false),
  ]

  /// The summed loss fsrs-rs reports.
  static let loss = 4.0466027
  /// Its gradient by each of the 21 parameters.
  static let gradient = [
    -0.095688485, -0.0051607806, -0.0012249565, 0.007462064, 0.03650761, -0.082112335,
    0.0593964, -2.1474836, 0.57626534, -2.8751316, 0.7154875, -0.028993709, 0.0099172965,
    -0.2189217, -0.0017800558, -0.089381434, 0.299141, 0.068104014, -0.011605468, -0.25398168,
    0.27700496,
  ]

  /// The batch as a history (times at noon, same-day reviews a minute apart) and the weights
  /// that predict only each word's last review.
  static func batchHistory() -> (ReviewHistory, [Float]) {
    var history = ReviewHistory(now: Timestamp(secondsSince1970: 1 << 40))
    for (index, column) in batch.enumerated() {
      var time = Timestamp(secondsSince1970: 1_700_000_000 + 43_200)
      var reviews: [Review] = []
      for (days, rating) in column.history + [(column.days, column.recalled ? .good : .again)] {
        time = time.advanced(by: days == 0 ? (reviews.isEmpty ? 0 : 60) : Int64(days) * 86_400)
        reviews.append(Review(rating: rating, time: time))
      }
      history.append(reviews, of: Word.ID(Int64(index + 1)))
    }
    var weights = [Float](repeating: 0, count: history.reviewCount)
    for word in 0..<history.wordCount { weights[history.reviews(ofWord: word).upperBound - 1] = 1 }
    return (history, weights)
  }

  @Test func lossAndGradientMatchFSRSRSOnItsTestBatch() {
    let (history, weights) = Self.batchHistory()
    let model = MemoryModel(SchedulerSettings.defaultParameters.map { Float($0) })
    var gradient = [Double](repeating: 0, count: 21)
    var scratch = GradientScratch()
    var loss = 0.0
    for word in 0..<history.wordCount {
      loss += model.addLossGradient(
        of: history.reviews(ofWord: word), in: history, weights: weights, into: &gradient,
        scratch: &scratch)
    }
    #expect(abs(loss - Self.loss) <= 1e-5, "loss \(loss)")
    for (index, (ours, theirs)) in zip(gradient, Self.gradient).enumerated() {
      #expect(abs(ours - theirs) <= 1e-4, "w[\(index)]: \(ours), fsrs-rs \(theirs)")
    }
  }
}
