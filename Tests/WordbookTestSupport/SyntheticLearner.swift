import Wordbook

/// A simulated learner whose memory follows FSRS-6 with parameters of its own while Wordbook
/// schedules the words with its standard settings: review logs a parameter fit should recover
/// those parameters from.
///
/// Each day at nine the learner begins ``newWordsPerDay`` words and reviews every word due
/// that day, learning steps included, 15 seconds apart. A review a day or more after the one
/// before is recalled with the chance the learner's own parameters give (one on the same day,
/// as FSRS counts days); a recall is rated hard, good or easy, a lapse again. Every draw comes
/// from one seeded generator, so a learner's logs are the same on every machine.
public struct SyntheticLearner: Sendable {
  /// The parameters the learner's memory follows.
  public var parameters: [Double]
  /// The words begun each day.
  public var newWordsPerDay: Int
  /// The days of study.
  public var days: Int
  /// The seed of every draw.
  public var seed: UInt64

  /// A learner close to FSRS-6's defaults.
  public static let closeParameters: [Double] = [
    0.3, 1.1, 2.6, 9.0, 6.2, 0.9, 2.9, 0.01, 1.8, 0.18, 0.8, 1.5, 0.07, 0.28, 1.6, 0.6, 1.9,
    0.5, 0.1, 0.07, 0.16,
  ]
  /// A learner far from them: slower to forget at first, quicker to forget later, with a
  /// steeper forgetting curve.
  public static let farParameters: [Double] = [
    1.0, 3.0, 7.0, 25.0, 5.2, 1.3, 2.0, 0.05, 1.3, 0.35, 1.2, 1.0, 0.12, 0.5, 2.2, 0.4, 2.5,
    0.3, 0.3, 0.2, 0.35,
  ]

  /// A learner.
  ///
  /// - Parameters:
  ///   - parameters: The parameters the learner's memory follows.
  ///   - newWordsPerDay: The words begun each day.
  ///   - days: The days of study.
  ///   - seed: The seed of every draw.
  public init(parameters: [Double], newWordsPerDay: Int, days: Int, seed: UInt64) {
    self.parameters = parameters
    self.newWordsPerDay = newWordsPerDay
    self.days = days
    self.seed = seed
  }

  /// The learner's review logs, one a word in the order the words were begun, the first day
  /// starting at midnight of `start`'s day.
  public func reviewLogs(startingAt start: Timestamp) throws -> [[Review]] {
    let app = ReviewScheduler(settings: .standard)
    let memory = ReviewScheduler(
      settings: try SchedulerSettings(parameters: parameters, isFuzzEnabled: false))
    var generator = SplitMix64(seed: seed)
    var words: [(scheduled: MemoryState, remembered: MemoryState, log: [Review])] = []
    for day in 0..<days {
      let dayStart = start.startOfDay.advanced(by: Int64(day) * 86_400)
      let dayEnd = dayStart.advanced(by: 86_400)
      var time = dayStart.advanced(by: 9 * 3_600)
      let begun = words.count
      words += Array(repeating: (.new, .new, []), count: newWordsPerDay)
      var queue = words.indices.filter { index in
        index >= begun || words[index].scheduled.due.map { $0 < dayEnd } == true
      }
      while !queue.isEmpty {
        let due = { (slot: Int) in words[queue[slot]].scheduled.due ?? dayStart }
        guard let next = queue.indices.min(by: { due($0) < due($1) }) else { break }
        time = max(time.advanced(by: 15), due(next))
        let index = queue.remove(at: next)
        guard time < dayEnd else { break }
        let rating = rate(words[index].remembered, by: memory, at: time, using: &generator)
        words[index].remembered = memory.review(
          words[index].remembered, rating: rating, at: time, using: &generator)
        words[index].scheduled = app.review(
          words[index].scheduled, rating: rating, at: time, using: &generator)
        words[index].log.append(Review(rating: rating, time: time))
        if let due = words[index].scheduled.due, due < dayEnd { queue.append(index) }
      }
    }
    return words.map(\.log)
  }

  /// The learner's rating of a word whose memory is `state`, at `time`.
  private func rate(
    _ state: MemoryState, by memory: ReviewScheduler, at time: Timestamp,
    using generator: inout SplitMix64
  ) -> Rating {
    let draw = Double(generator.next() >> 11) * 0x1p-53
    guard state.phase != .new else {
      return draw < 0.25 ? .again : draw < 0.35 ? .hard : draw < 0.9 ? .good : .easy
    }
    guard draw < memory.retrievability(of: state, at: time) else { return .again }
    let kind = Double(generator.next() >> 11) * 0x1p-53
    return kind < 0.15 ? .hard : kind < 0.9 ? .good : .easy
  }
}
