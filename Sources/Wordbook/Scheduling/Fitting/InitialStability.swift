#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The first stabilities, `w[0]` to `w[3]`, fitted before the rest as fsrs-rs fits them: for
/// each first rating, the stability whose forgetting curve best predicts the recalls at the
/// word's first review a day or more later, found by a ternary search; then made to grow with
/// the rating, and filled in for the ratings with no data from those with some.
enum InitialStability {
  /// The greatest first stability, in days.
  static let maximum: Float = 100

  /// The recalls of words first rated alike, at one first interval.
  struct Interval {
    /// The days from the first review to the first one a day or more later.
    var days: Int
    /// How many of the words were recalled then.
    var recalled: Int
    /// How many words.
    var count: Int
  }

  /// The first stabilities and how many words each first rating had.
  ///
  /// - Parameters:
  ///   - intervals: For each first rating (1 to 4), its words' first intervals.
  ///   - averageRecall: The share of recalls among all the items, which smooths each
  ///     interval's share towards it (Laplace's rule).
  /// - Returns: Four stabilities, or `nil` when no rating has data.
  static func fitted(_ intervals: [Int: [Interval]], averageRecall: Float) -> [Float]? {
    var stabilities: [Int: Float] = [:]
    var counts: [Int: Int] = [:]
    for (rating, data) in intervals where !data.isEmpty {
      let sorted = data.sorted { $0.days < $1.days }
      counts[rating] = sorted.reduce(0) { $0 + $1.count }
      stabilities[rating] = search(sorted, rating: rating, averageRecall: averageRecall)
    }
    return smoothed(stabilities, counts: counts)
  }

  /// The stability that minimizes the log loss of `data` plus a pull towards the default
  /// first stability of `rating`.
  private static func search(_ data: [Interval], rating: Int, averageRecall: Float) -> Float {
    let standard = Double(Float(SchedulerSettings.defaultParameters[rating - 1]))
    let decay = -Double(Float(SchedulerSettings.defaultParameters[20]))
    let factor = pow(0.9, 1 / decay) - 1
    let smoothed = data.map { interval in
      let count = Double(interval.count)
      let share = Double(interval.recalled) / count
      return (
        days: Double(interval.days), count: count,
        recall: (share * count + Double(averageRecall)) / (count + 1)
      )
    }
    func loss(_ stability: Double) -> Double {
      var total = 0.0
      for point in smoothed {
        let predicted = pow(point.days / stability * factor + 1, decay)
        total +=
          -(point.recall * log(predicted) + (1 - point.recall) * log(1 - predicted))
          * point.count
      }
      return total + abs(stability - standard) / 16
    }
    var low = Double(MemoryModel.stabilityRange.lowerBound)
    var high = Double(maximum)
    var best = standard
    var iterations = 0
    while high - low > Double.ulpOfOne && iterations < 1000 {
      iterations += 1
      let lower = low + (high - low) / 3
      let upper = high - (high - low) / 3
      if loss(lower) < loss(upper) { high = upper } else { low = lower }
      best = (high + low) / 2
    }
    return Float(best)
  }

  /// The stabilities made to grow with the rating (where a lower rating's is greater, the one
  /// with more words wins), the missing ones filled in from those present by FSRS's ratios,
  /// and each kept within its bounds.
  ///
  /// - Returns: The four stabilities, or `nil` when `stabilities` has none.
  static func smoothed(_ stabilities: [Int: Float], counts: [Int: Int]) -> [Float]? {
    var value = stabilities.filter { counts[$0.key] != nil }
    for (lower, higher) in [(1, 2), (2, 3), (3, 4), (1, 3), (2, 4), (1, 4)] {
      guard let low = value[lower], let high = value[higher], low > high else { continue }
      if counts[lower, default: 0] > counts[higher, default: 0] {
        value[higher] = low
      } else {
        value[lower] = high
      }
    }
    let w1: Float = 0.41
    let w2: Float = 0.54
    var s: [Float?] = [nil, value[1], value[2], value[3], value[4]]
    switch value.count {
    case 0:
      return nil
    case 1:
      guard let only = value.first else { return nil }
      let scale = only.value / Float(SchedulerSettings.defaultParameters[only.key - 1])
      let filled = (0..<4).map { Float(SchedulerSettings.defaultParameters[$0]) * scale }
      return filled.sorted().map(clamped)
    case 2:
      switch (s[1], s[2], s[3], s[4]) {
      case (nil, nil, let r3?, let r4?):
        let r2 = pow(r3, 1 / (1 - w2)) * pow(r4, 1 - 1 / (1 - w2))
        s[2] = r2
        s[1] = pow(r2, 1 / w1) * pow(r3, 1 - 1 / w1)
      case (nil, let r2?, nil, let r4?):
        let r3 = pow(r2, 1 - w2) * pow(r4, w2)
        s[3] = r3
        s[1] = pow(r2, 1 / w1) * pow(r3, 1 - 1 / w1)
      case (nil, let r2?, let r3?, nil):
        s[4] = pow(r2, 1 - 1 / w2) * pow(r3, 1 / w2)
        s[1] = pow(r2, 1 / w1) * pow(r3, 1 - 1 / w1)
      case (let r1?, nil, nil, let r4?):
        let share = (w1 + w2).addingProduct(w1, -w2)
        s[2] = pow(r1, w1 / share) * pow(r4, 1 - w1 / share)
        s[3] = pow(r1, 1 - w2 / share) * pow(r4, w2 / share)
      case (let r1?, nil, let r3?, nil):
        let r2 = pow(r1, w1) * pow(r3, 1 - w1)
        s[2] = r2
        s[4] = pow(r2, 1 - 1 / w2) * pow(r3, 1 / w2)
      case (let r1?, let r2?, nil, nil):
        let r3 = pow(r1, 1 - 1 / (1 - w1)) * pow(r2, 1 / (1 - w1))
        s[3] = r3
        s[4] = pow(r2, 1 - 1 / w2) * pow(r3, 1 / w2)
      default:
        break
      }
    case 3:
      switch (s[1], s[2], s[3], s[4]) {
      case (nil, let r2?, let r3?, _):
        s[1] = pow(r2, 1 / w1) * pow(r3, 1 - 1 / w1)
      case (let r1?, nil, let r3?, _):
        s[2] = pow(r1, w1) * pow(r3, 1 - w1)
      case (_, let r2?, nil, let r4?):
        s[3] = pow(r2, 1 - w2) * pow(r4, w2)
      case (_, let r2?, let r3?, nil):
        s[4] = pow(r2, 1 - 1 / w2) * pow(r3, 1 / w2)
      default:
        break
      }
    default:
      break
    }
    return s.dropFirst().map { clamped($0 ?? 0) }
  }

  private static func clamped(_ stability: Float) -> Float {
    MemoryModel.clamped(stability, to: MemoryModel.stabilityRange.lowerBound...maximum)
  }
}
