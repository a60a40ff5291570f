#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// FSRS-6's memory model as a fit computes it: in single precision, with the state clamps and
/// the order of operations of fsrs-rs, so that a loss, a prediction and a gradient agree with
/// fsrs-rs's to the last few bits rather than to py-fsrs's double-precision scheduler.
///
/// Each step returns a ``MemoryStep`` recording the branch it took and the values the backward
/// pass (`MemoryModel+Gradient.swift`) differentiates.
struct MemoryModel {
  /// The least and greatest stabilities, in days.
  static let stabilityRange: ClosedRange<Float> = 0.001...36_500
  /// The difficulties FSRS allows.
  static let difficultyRange: ClosedRange<Float> = 1...10

  /// The 21 weights.
  let w: [Float]
  /// The exponent of the forgetting curve, `-w[20]`.
  let decay: Float
  /// The scale of the forgetting curve, chosen so that recall is 90% after `stability` days.
  let factor: Float
  /// The raw difficulty of an easy first review, which difficulty reverts towards.
  let easyDifficulty: Float
  /// `exp(w[8])`.
  let expW8: Float
  /// `exp(w[17] * w[18])`: a lapse never leaves more stability than a same-day lapse would.
  let failureFloorDivisor: Float

  /// A word's memory between two reviews.
  struct State {
    var stability: Float
    var difficulty: Float
  }

  init(_ w: [Float]) {
    precondition(w.count == 21, "FSRS-6 has 21 weights")
    self.w = w
    decay = -w[20]
    factor = exp(log(Float(0.9)) / decay) - 1
    easyDifficulty = w[4] - exp(w[5] * 3) + 1
    expW8 = exp(w[8])
    failureFloorDivisor = exp(w[17] * w[18])
  }

  /// The chance of recall `days` after a review that left `stability`.
  func retrievability(days: Float, stability: Float) -> Float {
    pow(days / stability * factor + 1, decay)
  }

  /// The state after a word's first review, rated `rating` (1 to 4).
  func initialState(rating: Int) -> State {
    State(
      stability: Self.clamped(w[rating - 1], to: Self.stabilityRange),
      difficulty: Self.clamped(initialDifficulty(rating), to: Self.difficultyRange))
  }

  /// The unclamped difficulty after a first review rated `rating`.
  func initialDifficulty(_ rating: Int) -> Float {
    w[4] - exp(w[5] * Float(rating - 1)) + 1
  }

  /// The state after a review rated `rating` (1 to 4) `days` whole days after the one that
  /// left `state`, and what the backward pass needs of the step.
  func step(from state: State, days: Float, rating: Int) -> (State, MemoryStep) {
    var step = MemoryStep(
      stability: state.stability, difficulty: state.difficulty, days: days,
      rating: Float(rating))
    let s = state.stability
    let d = state.difficulty
    let r = retrievability(days: days, stability: s)
    step.retrievability = r
    let grade = Float(rating)
    var next: Float
    if days == 0 {
      let raw = exp(w[17] * (grade - 3 + w[18])) * pow(s, -w[19])
      // A recall, however quick, never lowers stability; only a lapse may.
      step.branch = rating >= 2 && raw < 1 ? .shortTermFloor : .shortTerm(raw)
      next = s * (rating >= 2 ? max(raw, 1) : raw)
    } else if rating == 1 {
      let raw = w[11] * pow(d, -w[12]) * (pow(s + 1, w[13]) - 1) * exp((1 - r) * w[14])
      let floor = s / failureFloorDivisor
      step.branch = floor < raw ? .lapseFloor(floor) : .lapse(raw)
      next = min(floor, raw)
    } else {
      let hardPenalty = rating == 2 ? w[15] : 1
      let easyBonus = rating == 4 ? w[16] : 1
      let increase =
        expW8 * (11 - d) * pow(s, -w[9]) * (exp((1 - r) * w[10]) - 1) * hardPenalty * easyBonus
      step.branch = .recall
      next = s * (increase + 1)
    }
    step.unclampedStability = next
    let change = -w[6] * (grade - 3)
    let damped = d + (10 - d) * change / 9
    let reverted = w[7] * (easyDifficulty - damped) + damped
    step.unclampedDifficulty = reverted
    let after = State(
      stability: Self.clamped(next, to: Self.stabilityRange),
      difficulty: Self.clamped(reverted, to: Self.difficultyRange))
    return (after, step)
  }

  static func clamped(_ value: Float, to range: ClosedRange<Float>) -> Float {
    min(max(value, range.lowerBound), range.upperBound)
  }
}

/// One review's step of the memory model, as the backward pass needs it.
struct MemoryStep {
  /// The formula that gave the new stability.
  enum Branch {
    /// A review on the same day as the one before, with its raw multiplier.
    case shortTerm(Float)
    /// A same-day recall whose raw multiplier was below 1, so stability stayed.
    case shortTermFloor
    /// A lapse a day or more later, by the lapse formula, with its value.
    case lapse(Float)
    /// A lapse a day or more later, held down to the same-day lapse's stability, its value.
    case lapseFloor(Float)
    /// A recall a day or more later.
    case recall
  }

  /// The stability and difficulty before the review.
  var stability: Float
  var difficulty: Float
  /// Whole days since the review before.
  var days: Float
  /// The rating, 1 to 4.
  var rating: Float
  /// The chance of recall the model gave at the review.
  var retrievability: Float = 1
  var branch = Branch.recall
  /// The new stability before it was clamped.
  var unclampedStability: Float = 0
  /// The new difficulty before it was clamped.
  var unclampedDifficulty: Float = 0
}
