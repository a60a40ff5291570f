import Wordbook

/// The next due word after each review: `ReviewSchedule.record(_:of:)` then
/// `ReviewSchedule.nextDue`, per review, on a schedule in which every word has a due time.
///
/// The learner reviews the due words in order, most overdue first, and each review moves the
/// word months ahead: so every review takes the top of the schedule's heap and pushes the word
/// back in, the costliest path (a push and a pop, each O(log *n*)). The words' first due times
/// are spread over the past 30 days by a SplitMix64 generator; the order they are reviewed in
/// is worked out before the timing.
///
/// Besides the book of N words, the same is measured on a book of N / 10 in the same run,
/// interleaved (`recordNextDueTenthSize`), to show how the cost grows: a heap's by log *n*
/// (1.2× from 100k to 1M, more once the larger heap no longer fits in the caches), a scan's by
/// *n* (10×).
struct NextDueScenario: Scenario {
  let name = "nextDue"

  /// The limit on one review and the next due word at 1M words, in nanoseconds.
  static let limit = 10_000.0

  func run(size: Int, runs: Int, into results: Results) async throws {
    let rounds = runs + 1
    let smaller = max(1, size / 10)
    let reviews = max(1, min(20_000, smaller / rounds))
    var books = [ScheduleBook(size: size), ScheduleBook(size: smaller)]

    let samples = await interleavedSamples(
      runs: runs, [{ books[0].measure(reviews) }, { books[1].measure(reviews) }])
    for book in books { book.check() }

    let large = Measurement(
      name: "ReviewSchedule.recordNextDue(\(sizeLabel(size)))", scenario: name, size: size,
      unit: .nanoseconds, samples: samples[0])
    let small = Measurement(
      name: "ReviewSchedule.recordNextDueTenthSize(\(sizeLabel(smaller)))", scenario: name,
      size: smaller,
      unit: .nanoseconds, samples: samples[1])
    let budget = Measurement(
      name: "limit.ReviewSchedule.recordNextDue(\(sizeLabel(size)))", scenario: name,
      size: size, unit: .nanoseconds, samples: [Self.limit])
    results.add(large)
    results.add(budget)
    results.add(small)
    results.compare(large, with: budget, .atMost, 1)
    // Twice the smaller book's time parts a logarithm (1.2×) from a scan (10×).
    results.compare(large, with: small, .atMost, 2)
  }
}

/// One schedule of the ``NextDueScenario`` and the order its words are reviewed in.
private struct ScheduleBook {
  var schedule = ReviewSchedule()
  /// The words by first due time, then ID: the order the learner reviews them in.
  let order: [Word.ID]
  /// How many reviews the timed runs have made.
  var reviewed = 0
  /// Each review moves its word to this day or later, after every first due time.
  var nextTime: Timestamp
  let start = Timestamp(secondsSince1970: 1_796_000_000)
  var lastNextDue: Timestamp?

  init(size: Int) {
    var generator = SplitMix64(seed: 30)
    var dueTimes: [Word.ID: Timestamp] = [:]
    dueTimes.reserveCapacity(size)
    var entries: [(due: Timestamp, id: Word.ID)] = []
    entries.reserveCapacity(size)
    for index in 0..<size {
      let id = Word.ID(Int64(index + 1))
      let due = start.advanced(by: -Int64(generator.next(below: 30 * 86_400)))
      dueTimes[id] = due
      entries.append((due, id))
    }
    entries.sort { ($0.due, $0.id) < ($1.due, $1.id) }
    order = entries.map(\.id)
    nextTime = start.advanced(by: 86_400)
    schedule.load(BookSchedule(time: start, newWordsPerDay: 20, dueTimes: dueTimes))
  }

  /// Reviews the next `count` due words, each moved to a later day, and returns the time per
  /// review with its read of the next due word.
  mutating func measure(_ count: Int) -> Double {
    let words = order[reviewed..<reviewed + count]
    var memory = MemoryState(
      phase: .review, stability: 30, difficulty: 5, due: nil, lastReview: start,
      reviewCount: 10, lapseCount: 0)
    var due = nextTime
    var next: Timestamp?
    let time = nanosecondsPerOperation(count) {
      for id in words {
        memory.due = due
        due = due.advanced(by: 1)
        schedule.record(memory, of: id)
        next = schedule.nextDue
      }
    }
    blackHole(next)
    lastNextDue = next
    nextTime = due
    reviewed += count
    return time
  }

  /// Stops the run unless the schedule's next due word is the one the order says.
  func check() {
    guard reviewed < order.count else { return }
    let expected = lastNextDue
    let dueTimes = schedule.dueTimes
    guard expected == dueTimes[order[reviewed]] else {
      fatalError("nextDue is \(String(describing: expected)), not the next word's due time")
    }
  }
}
