#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bands of py-fsrs's fuzz: each day of an interval inside a band widens the fuzz range by
/// the band's factor, so long intervals move by a smaller share than short ones.
private let fuzzBands: [(start: Double, end: Double, factor: Double)] = [
  (2.5, 7, 0.15), (7, 20, 0.1), (20, .infinity, 0.05),
]

// When a word falls due next: the learning and relearning steps, the interval in days, and
// its fuzz.
extension ReviewScheduler {
  /// The phase after `rating`, and the step to wait when the new phase has steps; `nil` when
  /// the word is in review and waits a number of days.
  func phase(after rating: Rating, from phase: MemoryPhase) -> (MemoryPhase, Duration?) {
    switch phase {
    case .new:
      stepping(rating, from: 0, through: settings.learningSteps, in: MemoryPhase.learning)
    case .learning(let step):
      stepping(rating, from: step, through: settings.learningSteps, in: MemoryPhase.learning)
    case .review:
      if rating == .again, let first = settings.relearningSteps.first {
        (.relearning(step: 0), first)
      } else {
        (.review, nil)
      }
    case .relearning(let step):
      stepping(rating, from: step, through: settings.relearningSteps, in: MemoryPhase.relearning)
    }
  }

  private func stepping(
    _ rating: Rating, from step: Int, through steps: [Duration],
    in phase: (_ step: Int) -> MemoryPhase
  ) -> (MemoryPhase, Duration?) {
    // A step past the last one comes from settings that had more steps; a recall there
    // graduates the word as the last step would.
    if steps.isEmpty || (step >= steps.count && rating != .again) { return (.review, nil) }
    switch rating {
    case .again:
      return (phase(0), steps[0])
    case .hard where step == 0:
      // py-fsrs's wait for a hard first step: midway to the second step, or half as long
      // again when there is no second.
      return (phase(0), steps.count == 1 ? steps[0] * 1.5 : (steps[0] + steps[1]) / 2)
    case .hard:
      return (phase(step), steps[step])
    case .good where step + 1 < steps.count:
      return (phase(step + 1), steps[step + 1])
    case .good, .easy:
      return (.review, nil)
    }
  }

  /// The days until a word in review falls due: when its retrievability reaches the desired
  /// retention, rounded to whole days, at least 1 and at most the maximum interval.
  func interval(forStability stability: Double) -> Int {
    let days = (stability / factor) * (pow(settings.desiredRetention, 1 / decay) - 1)
    // Python's `round`, which py-fsrs uses, rounds halves to even.
    let bounded = min(max(days.rounded(.toNearestOrEven), 1), Double(settings.maximumInterval))
    return Int(bounded)
  }

  /// `days` moved to a day drawn from py-fsrs's fuzz range by `fraction`, in `0..<1`.
  ///
  /// As py-fsrs does, the range's width plus one is scaled by the fraction and the result
  /// rounded, so the range's ends are half as likely as the days inside it and the day after
  /// its end (within the maximum interval) can come up too.
  func fuzzedInterval(_ days: Int, at fraction: Double) -> Int {
    guard Double(days) >= 2.5 else { return days }
    var delta = 1.0
    for band in fuzzBands {
      delta += band.factor * max(min(Double(days), band.end) - band.start, 0)
    }
    let upper = min(Int((Double(days) + delta).rounded(.toNearestOrEven)), settings.maximumInterval)
    let lower = min(max(2, Int((Double(days) - delta).rounded(.toNearestOrEven))), upper)
    let drawn = (fraction * Double(upper - lower + 1) + Double(lower)).rounded(.toNearestOrEven)
    return min(Int(drawn), settings.maximumInterval)
  }
}
