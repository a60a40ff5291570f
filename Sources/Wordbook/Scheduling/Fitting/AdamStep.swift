#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Adam, as PyTorch and fsrs-rs step it, with the learning rate following a cosine from its
/// start down to 0 over the whole fit.
struct AdamStep {
  private static let beta1 = 0.9
  private static let beta2 = 0.999
  private static let epsilon = 1e-8

  private var mean = [Double](repeating: 0, count: 21)
  private var variance = [Double](repeating: 0, count: 21)
  private var steps = 0
  /// The learning rate of the first step.
  private let initialRate: Double
  /// The steps over which the rate falls to 0.
  private let period: Double
  /// The rate of the last step.
  private var rate: Double

  init(learningRate: Double, steps: Int) {
    initialRate = learningRate
    rate = learningRate
    period = Double(steps)
  }

  /// Moves `parameters` one step against `gradient`.
  mutating func apply(_ gradient: [Double], to parameters: inout [Float]) {
    rate = nextRate()
    steps += 1
    let correction1 = 1 - pow(Self.beta1, Double(steps))
    let correction2 = 1 - pow(Self.beta2, Double(steps))
    for index in parameters.indices {
      mean[index] = Self.beta1 * mean[index] + (1 - Self.beta1) * gradient[index]
      variance[index] =
        Self.beta2 * variance[index] + (1 - Self.beta2) * gradient[index] * gradient[index]
      let meanEstimate = mean[index] / correction1
      let varianceEstimate = variance[index] / correction2
      parameters[index] -= Float(
        rate * meanEstimate / (varianceEstimate.squareRoot() + Self.epsilon))
    }
  }

  /// The rate of the next step by the recursive form of cosine annealing (PyTorch's
  /// `CosineAnnealingLR`), which fsrs-rs follows.
  private func nextRate() -> Double {
    let step = Double(steps)
    if step == 0 { return initialRate }
    if (step - 1 - period).truncatingRemainder(dividingBy: 2 * period) == 0 {
      return initialRate * (1 - cos(Double.pi / period)) / 2
    }
    return (1 + cos(Double.pi * step / period)) / (1 + cos(Double.pi * (step - 1) / period))
      * rate
  }
}
