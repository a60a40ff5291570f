import Wordbook
import WordbookSQLite

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Fitting FSRS-6's parameters to N reviews: `ParameterOptimizer.fit` beside fsrs-rs-python's
/// `compute_parameters` (fsrs-rs, which Anki runs) on the same items, each given their words
/// as card IDs (its fastest way); then `wordbook optimize` as a whole on a database holding
/// them, with its peak memory.
///
/// The reviews are simulated: words begun a minute apart, each reviewed on Wordbook's standard
/// schedule (learning steps included) from 2001 until 2023 by a learner whose memory follows FSRS-6 with
/// parameters far from the defaults, about ten reviews a word. fsrs-rs-python runs in one
/// child process that builds its items and times every fit itself, so its figures leave out
/// Python's start and the building of its item objects.
struct OptimizeScenario: Scenario {
  let name = "optimize"

  /// The learner's own parameters.
  static let learner: [Double] = [
    1.0, 3.0, 7.0, 25.0, 5.2, 1.3, 2.0, 0.05, 1.3, 0.35, 1.2, 1.0, 0.12, 0.5, 2.2, 0.4, 2.5,
    0.3, 0.3, 0.2, 0.35,
  ]

  func run(size: Int, runs: Int, into results: Results) async throws {
    guard let python = ChildProcess.find("python3"), Self.hasFSRSRS(python) else {
      results.note(
        "fsrs-rs-python 0.9.3 is not installed: the optimize scenario was skipped "
          + "(python3 -m pip install fsrs-rs-python==0.9.3 to run it).")
      return
    }
    let logs = try Self.logs(reviews: size)
    var history = ReviewHistory(now: Timestamp(secondsSince1970: 1 << 40))
    for (index, log) in logs.enumerated() { history.append(log, of: Word.ID(Int64(index + 1))) }
    let folder = try ScratchFolder()
    defer { folder.remove() }

    var fitted: [Double] = []
    var ours: [Double] = []
    for _ in 0...runs {
      var fit: ParameterFit?
      ours.append(
        try wallNanoseconds { fit = try ParameterOptimizer(history: history).fit() })
      fitted = fit?.parameters ?? []
    }
    ours.removeFirst()
    let theirs = try Self.fsrsRSTimes(
      python: python, logs: logs, runs: runs, folder: folder.path)

    let label = sizeLabel(size)
    let fit = Measurement(
      name: "ParameterOptimizer.fit(\(label))", scenario: name, size: size, unit: .nanoseconds,
      samples: ours)
    let baseline = Measurement(
      name: "fsrs-rs-python.compute_parameters(\(label))", scenario: name, size: size,
      unit: .nanoseconds, samples: theirs.times)
    results.add(fit)
    results.add(baseline)
    results.compare(fit, with: baseline, .atMost, 2)
    let gap = zip(fitted, theirs.parameters).map { abs($0 - $1) }.max() ?? .infinity
    results.note(
      "optimize(\(label)): \(history.reviewCount) reviews, \(history.itemCount) items; the "
        + "fitted parameters differ from fsrs-rs-python's by at most \(gap).")

    try await measureCommand(logs: logs, size: size, runs: runs, folder: folder, into: results)
  }

  /// `wordbook optimize` on a database holding the logs: its time and peak memory.
  private func measureCommand(
    logs: [[Review]], size: Int, runs: Int, folder: ScratchFolder, into results: Results
  ) async throws {
    let wordbook = try CommandScenario.wordbookBinary()
    let database = folder.path + "/optimize.sqlite"
    let service = try SQLiteWordService(path: database)
    let book = try await service.createBook(title: "Reviews")
    _ = try await service.importWords(
      logs.indices.map { WordDraft(term: "word \($0)", meaning: "m") }, intoBookTitled: "Reviews",
      onDuplicate: .keep, progress: { _ in })
    let words = try await service.fetchWords(in: book.id)
    let rows = zip(words, logs).flatMap { word, log in
      log.map { WordReview(wordID: word.id, review: $0) }
    }
    _ = try await service.importReviews { write throws(WordServiceError) in try write(rows) }
    var times: [Double] = []
    var peaks: [Double] = []
    for round in 0...runs {
      let run = try MeasuredRun.run(
        wordbook, ["--db", database, "optimize", "Reviews"], errorFile: folder.path + "/err")
      try run.expect("wordbook optimize", lines: 2)
      if round > 0 {
        times.append(run.nanoseconds)
        peaks.append(Double(run.peakBytes))
      }
    }
    let label = sizeLabel(size)
    results.add(
      Measurement(
        name: "wordbook.optimize(\(label))", scenario: name, size: size, unit: .nanoseconds,
        samples: times))
    results.add(
      Measurement(
        name: "wordbook.optimize.peak(\(label))", scenario: name, size: size, unit: .bytes,
        samples: peaks))
  }

  /// Whether `python` imports fsrs-rs-python 0.9.3.
  private static func hasFSRSRS(_ python: String) -> Bool {
    let check =
      "import importlib.metadata as m, fsrs_rs_python; "
      + "assert m.version('fsrs-rs-python') == '0.9.3'"
    return (try? MeasuredRun.run(python, ["-c", check], errorFile: "/dev/null").status) == 0
  }

  /// When the simulated reviews end: in 2023.
  static let end = Timestamp(secondsSince1970: 1_700_000_000)

  /// About `reviews` reviews of words begun a minute apart, on Wordbook's schedule.
  static func logs(reviews: Int) throws -> [[Review]] {
    let app = ReviewScheduler(settings: .standard)
    let memory = ReviewScheduler(
      settings: try SchedulerSettings(parameters: learner, isFuzzEnabled: false))
    var generator = SplitMix64(seed: 50)
    var logs: [[Review]] = []
    var total = 0
    while total < reviews {
      var time = Timestamp(secondsSince1970: 1_000_000_000 + Int64(logs.count) * 60)
      var scheduled = MemoryState.new
      var remembered = MemoryState.new
      var log: [Review] = []
      for _ in 0..<min(10, reviews - total) {
        let draw = Double(generator.next() >> 11) * 0x1p-53
        let rating: Rating =
          remembered.phase == .new
          ? (draw < 0.25 ? .again : draw < 0.9 ? .good : .easy)
          : draw < memory.retrievability(of: remembered, at: time) ? .good : .again
        remembered = memory.review(remembered, rating: rating, at: time, using: &generator)
        scheduled = app.review(scheduled, rating: rating, at: time, using: &generator)
        log.append(Review(rating: rating, time: time))
        // Intervals grow to decades; the log stops before it reaches the present.
        guard let due = scheduled.due, due < Self.end else { break }
        time = due
      }
      total += log.count
      logs.append(log)
    }
    return logs
  }

  /// fsrs-rs-python's fit of the same items, `runs` times after a warm-up, timed by the child.
  private static func fsrsRSTimes(python: String, logs: [[Review]], runs: Int, folder: String)
    throws -> (times: [Double], parameters: [Double])
  {
    let input = folder + "/logs.txt"
    var text = "\(runs)\n"
    for log in logs {
      text += log.map { "\($0.rating.rawValue) \($0.time.secondsSince1970)" }.joined(separator: " ")
      text += "\n"
    }
    try writeTextFile(input, text)
    let script = folder + "/fit.py"
    try writeTextFile(script, fitScript)
    let run = try MeasuredRun.run(
      python, [script, input], errorFile: folder + "/python.err", keepsOutput: true)
    try run.expect("fsrs-rs-python")
    let lines = run.text.split(separator: "\n")
    guard lines.count == 2 else {
      throw ChildProcessError(description: "fsrs-rs-python wrote \(run.text)")
    }
    return (
      lines[0].split(separator: " ").compactMap { Double($0) }.map { $0 * 1e9 },
      lines[1].split(separator: " ").compactMap { Double($0) }
    )
  }

  /// Builds the items as `ReviewHistory` does (a review a whole day or more after the one
  /// before on the same word, with the word's earlier reviews; oldest first) and times
  /// `compute_parameters` on them, given each item's word as its card ID.
  static let fitScript = """
    import sys, time
    from fsrs_rs_python import FSRS, DEFAULT_PARAMETERS, FSRSItem, FSRSReview

    with open(sys.argv[1]) as file:
        runs = int(file.readline())
        keyed = []
        for card, line in enumerate(file):
            numbers = [int(x) for x in line.split()]
            reviews = []
            previous = None
            for index in range(0, len(numbers), 2):
                rating, moment = numbers[index], numbers[index + 1]
                days = 0 if previous is None else (moment - previous) // 86400
                reviews.append(FSRSReview(rating, days))
                if days > 0:
                    keyed.append((moment, card, index, card, reviews[:]))
                previous = moment
    keyed.sort(key=lambda item: item[:3])
    items = [FSRSItem(item[4]) for item in keyed]
    cards = [item[3] for item in keyed]
    times = []
    for _ in range(runs + 1):
        start = time.perf_counter()
        parameters = FSRS(DEFAULT_PARAMETERS).compute_parameters(items, card_ids=cards)
        times.append(time.perf_counter() - start)
    print(" ".join(str(t) for t in times[1:]))
    print(" ".join(str(p) for p in parameters))
    """
}
