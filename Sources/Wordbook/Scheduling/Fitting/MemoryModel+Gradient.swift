#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// The backward pass of the memory model, written by hand: each function takes the loss's
// derivatives by a step's outputs and adds the derivatives by the weights to `gradient`,
// returning those by the step's inputs. Derivatives are taken in double precision from the
// single-precision values of the forward pass. A clamp that was active stops the gradient; one
// exactly at its bound lets it through, as automatic differentiation does.
extension MemoryModel {
  /// The loss of predicting `retrievability` for a review whose rating was a recall or not,
  /// weighted, and its derivative by the prediction.
  ///
  /// The prediction is kept within 1e-7 of 0 and 1 so that the loss stays finite; where that
  /// bound is active the derivative is 0.
  static func crossEntropy(_ retrievability: Float, recalled: Bool, weight: Float)
    -> (loss: Double, derivative: Double)
  {
    guard weight != 0 else { return (0, 0) }
    let least: Float = 1e-7
    let most: Float = 1 - 1e-7
    let r = min(max(retrievability, least), most)
    let label: Float = recalled ? 1 : 0
    let loss = -(label * log(r) + (1 - label) * log(1 - r)) * weight
    let derivative = -weight * (label / r - (1 - label) / (1 - r))
    let isInside = retrievability > least && retrievability < most
    return (Double(loss), isInside ? Double(derivative) : 0)
  }

  /// Back through a word's first review, rated `rating`.
  func backwardInitial(
    rating: Int, stability gS: Double, difficulty gD: Double, into gradient: inout [Double]
  ) {
    if Self.stabilityRange.contains(w[rating - 1]) { gradient[rating - 1] += gS }
    guard gD != 0, Self.difficultyRange.contains(initialDifficulty(rating)) else { return }
    let offset = Double(rating - 1)
    gradient[4] += gD
    gradient[5] += gD * -offset * exp(offset * Double(w[5]))
  }

  /// Back through one review's step, given the derivatives by the stability and difficulty it
  /// left and by the retrievability it predicted; returns the derivatives by the state before.
  func backward(
    _ step: MemoryStep, stability gS: Double, difficulty gD: Double,
    retrievability gRLoss: Double, into gradient: inout [Double]
  ) -> (stability: Double, difficulty: Double) {
    let g = Self.stabilityRange.contains(step.unclampedStability) ? gS : 0
    let s = Double(step.stability)
    let d = Double(step.difficulty)
    let r = Double(step.retrievability)
    var gLastS = 0.0
    var gLastD = 0.0
    var gR = gRLoss
    if g != 0 {
      switch step.branch {
      case .shortTerm(let raw):
        let rawTerm = g * s * Double(raw)
        gradient[17] += rawTerm * Double(step.rating - 3 + w[18])
        gradient[18] += rawTerm * weight(17)
        gradient[19] += rawTerm * -log(s)
        gLastS = g * Double(raw) + rawTerm * -weight(19) / s
      case .shortTermFloor:
        gLastS = g
      case .lapseFloor(let floor):
        gradient[17] += g * Double(floor) * -weight(18)
        gradient[18] += g * Double(floor) * -weight(17)
        gLastS = g * Double(floor) / s
      case .lapse(let raw):
        let raw = Double(raw)
        let base = s + 1
        let power = pow(base, weight(13))
        let difficultyTerm = pow(d, -weight(12))
        let retrievabilityTerm = exp((1 - r) * weight(14))
        gradient[11] += g * raw / weight(11)
        gradient[12] += g * raw * -log(d)
        gradient[13] +=
          g * weight(11) * difficultyTerm * retrievabilityTerm * power * log(base)
        gradient[14] += g * raw * (1 - r)
        gLastS = g * weight(11) * difficultyTerm * retrievabilityTerm * weight(13) * power / base
        gLastD = g * raw * -weight(12) / d
        gR += g * raw * -weight(14)
      case .recall:
        let a = exp(weight(8))
        let b = 11 - d
        let c = pow(s, -weight(9))
        let grown = exp((1 - r) * weight(10))
        let e = grown - 1
        let hardPenalty = step.rating == 2 ? weight(15) : 1
        let easyBonus = step.rating == 4 ? weight(16) : 1
        let increase = a * b * c * e * hardPenalty * easyBonus
        let gIncrease = g * s
        gLastS = g * (increase + 1) + gIncrease * increase * -weight(9) / s
        gLastD = -gIncrease * a * c * e * hardPenalty * easyBonus
        gR += gIncrease * a * b * c * hardPenalty * easyBonus * -weight(10) * grown
        gradient[8] += gIncrease * increase
        gradient[9] += gIncrease * increase * -log(s)
        gradient[10] += gIncrease * a * b * c * hardPenalty * easyBonus * (1 - r) * grown
        if step.rating == 2 { gradient[15] += gIncrease * a * b * c * e * easyBonus }
        if step.rating == 4 { gradient[16] += gIncrease * a * b * c * e * hardPenalty }
      }
    }
    if gD != 0, Self.difficultyRange.contains(step.unclampedDifficulty) {
      let ratingOffset = Double(step.rating) - 3
      let change = -weight(6) * ratingOffset
      let damped = d + (10 - d) * change / 9
      gradient[7] += gD * (Double(easyDifficulty) - damped)
      gradient[4] += gD * weight(7)
      gradient[5] += gD * weight(7) * -3 * exp(3 * weight(5))
      let gDamped = gD * (1 - weight(7))
      gradient[6] += gDamped * (10 - d) * -ratingOffset / 9
      gLastD += gDamped * (1 - change / 9)
    }
    if gR != 0 {
      gLastS += backwardCurve(
        days: step.days, stability: step.stability, retrievability: step.retrievability,
        gR, into: &gradient)
    }
    return (gLastS, gLastD)
  }

  /// Back through the forgetting curve: adds the derivative by `w[20]` and returns the one by
  /// stability, given the derivative `gR` by the retrievability it gave.
  func backwardCurve(
    days: Float, stability: Float, retrievability: Float, _ gR: Double,
    into gradient: inout [Double]
  ) -> Double {
    guard gR != 0 else { return 0 }
    let r = Double(retrievability)
    let t = Double(days)
    let s = Double(stability)
    let decay = Double(self.decay)
    let factor = Double(self.factor)
    let base = Double(days / stability * self.factor + 1)
    let logOfNinety = log(0.9)
    let factorByDecay = exp(logOfNinety / decay) * (-logOfNinety / (decay * decay))
    let retrievabilityByDecay = r * (log(base) + decay / base * t / s * factorByDecay)
    gradient[20] -= gR * retrievabilityByDecay
    return gR * r * decay / base * (-t * factor / (s * s))
  }

  private func weight(_ index: Int) -> Double { Double(w[index]) }
}
