#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Python's `math.e`. py-fsrs raises it to a power with `pow` instead of calling `exp`; doing
/// the same keeps the last bits equal, so an interval that falls on a rounding edge rounds the
/// same way in both.
private let euler = 2.718281828459045

/// The least stability FSRS allows, in days.
private let minimumStability = 0.001

/// The difficulties FSRS allows.
private let difficultyRange = 1.0...10.0

// FSRS-6's memory model. Each formula keeps py-fsrs's order of operations so that the
// floating-point results agree to the last bit, not merely to the tolerance the tests allow.
extension ReviewScheduler {
  /// The stability and difficulty after `rating` at `time`.
  func memory(
    of state: MemoryState, after rating: Rating, at time: Timestamp
  ) -> (stability: Double, difficulty: Double) {
    guard state.phase != .new else {
      return (initialStability(rating), clamped(initialDifficulty(rating)))
    }
    let difficulty = nextDifficulty(state.difficulty, after: rating)
    if let lastReview = state.lastReview, time.wholeDays(since: lastReview) < 1 {
      return (shortTermStability(state.stability, after: rating), difficulty)
    }
    let stability = longTermStability(
      state.stability, difficulty: state.difficulty,
      retrievability: retrievability(of: state, at: time), after: rating)
    return (stability, difficulty)
  }

  private var w: [Double] { settings.parameters }

  private func initialStability(_ rating: Rating) -> Double {
    max(w[rating.rawValue - 1], minimumStability)
  }

  /// Unclamped, because the mean reversion of ``nextDifficulty(_:after:)`` aims at the raw
  /// difficulty of an easy first review.
  private func initialDifficulty(_ rating: Rating) -> Double {
    w[4] - pow(euler, w[5] * Double(rating.rawValue - 1)) + 1
  }

  private func nextDifficulty(_ difficulty: Double, after rating: Rating) -> Double {
    let change = -(w[6] * Double(rating.rawValue - 3))
    let damped = difficulty + (10.0 - difficulty) * change / 9.0
    return clamped(w[7] * initialDifficulty(.easy) + (1 - w[7]) * damped)
  }

  private func clamped(_ difficulty: Double) -> Double {
    min(max(difficulty, difficultyRange.lowerBound), difficultyRange.upperBound)
  }

  /// Stability after a review less than a day after the one before.
  private func shortTermStability(_ stability: Double, after rating: Rating) -> Double {
    var increase =
      pow(euler, w[17] * (Double(rating.rawValue - 3) + w[18])) * pow(stability, -w[19])
    // A recall, however quick, never lowers stability; only a lapse may.
    if rating != .again { increase = max(increase, 1.0) }
    return max(stability * increase, minimumStability)
  }

  /// Stability after a review a day or more after the one before.
  private func longTermStability(
    _ stability: Double, difficulty: Double, retrievability: Double, after rating: Rating
  ) -> Double {
    let next =
      switch rating {
      case .again:
        forgetStability(stability, difficulty: difficulty, retrievability: retrievability)
      case .hard, .good, .easy:
        recallStability(
          stability, difficulty: difficulty, retrievability: retrievability, after: rating)
      }
    return max(next, minimumStability)
  }

  private func forgetStability(
    _ stability: Double, difficulty: Double, retrievability: Double
  ) -> Double {
    let longTerm =
      w[11] * pow(difficulty, -w[12]) * (pow(stability + 1, w[13]) - 1)
      * pow(euler, (1 - retrievability) * w[14])
    // Forgetting must not leave a word more stable than a same-day lapse would.
    let shortTerm = stability / pow(euler, w[17] * w[18])
    return min(longTerm, shortTerm)
  }

  private func recallStability(
    _ stability: Double, difficulty: Double, retrievability: Double, after rating: Rating
  ) -> Double {
    let hardPenalty = rating == .hard ? w[15] : 1
    let easyBonus = rating == .easy ? w[16] : 1
    return stability
      * (1 + pow(euler, w[8]) * (11 - difficulty) * pow(stability, -w[9])
        * (pow(euler, (1 - retrievability) * w[10]) - 1) * hardPenalty * easyBonus)
  }
}
