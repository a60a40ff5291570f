import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One measured benchmark: its samples and their summary.
struct Measurement: Sendable, Decodable {
  /// What the samples count.
  enum Unit: String, Sendable, Decodable {
    /// Nanoseconds per operation.
    case nanoseconds
    /// Bytes of resident memory.
    case bytes
    /// Observer calls per action.
    case notifications
    /// Events per second.
    case perSecond
    /// A count of things, such as lost marks.
    case count
  }

  /// The name, `Type.operation(size)`.
  var name: String
  /// The scenario that measured it, for the chart and the JSON.
  var scenario: String
  /// The book size, or `nil` when the benchmark does not depend on one.
  var size: Int?
  var unit: Unit
  var samples: [Double]

  var median: Double {
    let sorted = samples.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  var minimum: Double { samples.min() ?? 0 }
  var maximum: Double { samples.max() ?? 0 }
}

/// A comparison of one measurement with a baseline, and the target it is judged against.
struct Check: Sendable, Decodable {
  /// How the ratio is read.
  enum Kind: String, Sendable, Decodable {
    /// `subject / baseline` must stay at most the limit.
    case atMost
    /// `baseline / subject` (how many times faster) must reach at least the limit.
    case fasterBy
  }

  var subject: String
  var baseline: String
  var kind: Kind
  /// The target, or `nil` for a comparison shown for information.
  var limit: Double?
  var ratio: Double
  /// Whether the target applies (it is set at 1M words and holds above); smaller
  /// sizes are shown for information.
  var isJudged: Bool

  /// The names `Report.json` writes (a run's JSON is read back to make the record).
  enum CodingKeys: String, CodingKey {
    case subject, baseline, kind, ratio
    case limit = "target"
    case isJudged = "judged"
  }

  /// Whether the target is met; `nil` when there is none or it does not apply at this size.
  var passed: Bool? {
    guard let limit, isJudged else { return nil }
    switch kind {
    case .atMost: return ratio <= limit
    case .fasterBy: return ratio >= limit
    }
  }
}

/// Everything one benchmark run measured.
@MainActor
final class Results {
  private(set) var measurements: [Measurement] = []
  private(set) var checks: [Check] = []
  private(set) var notes: [String] = []

  /// The smallest size at which targets are judged: a million words, and every size above.
  static let judgedSize = 1_000_000

  func add(_ measurement: Measurement) {
    measurements.append(measurement)
  }

  func note(_ text: String) {
    notes.append(text)
    print("note: \(text)")
  }

  /// Adds a check that `subject` stays within `limit` times the same measurement at 10k words,
  /// when that ran before in this run: a time that is to be flat in the book's size.
  func compareWithSmallestBook(_ subject: Measurement, _ limit: Double) {
    let smallest = subject.name.replacing(/\([^)]*\)$/, with: "(10k)")
    guard smallest != subject.name,
      let baseline = measurements.first(where: { $0.name == smallest })
    else { return }
    compare(subject, with: baseline, .atMost, limit)
  }

  /// Adds a check of `subject` against `baseline`, both already added.
  func compare(
    _ subject: Measurement, with baseline: Measurement, _ kind: Check.Kind, _ limit: Double?
  ) {
    let ratio =
      switch kind {
      case .atMost: subject.median / baseline.median
      case .fasterBy: baseline.median / subject.median
      }
    checks.append(
      Check(
        subject: subject.name, baseline: baseline.name, kind: kind, limit: limit, ratio: ratio,
        isJudged: subject.size.map { $0 >= Self.judgedSize } ?? false))
  }
}

/// The clock that times the in-process loops.
enum TimeSource: UInt8, Sendable {
  /// CPU time of the measuring thread (`CLOCK_THREAD_CPUTIME_ID`): the work done, without the
  /// time other processes on a shared machine held the processor.
  case threadCPU = 0
  /// Elapsed time (`CLOCK_MONOTONIC`).
  case wall = 1

  private static let selection = Atomic<UInt8>(TimeSource.threadCPU.rawValue)

  /// The clock in use; set once from the command line.
  static var selected: TimeSource {
    get { TimeSource(rawValue: selection.load(ordering: .relaxed)) ?? .threadCPU }
    set { selection.store(newValue.rawValue, ordering: .relaxed) }
  }

  var label: String {
    switch self {
    case .threadCPU: "CPU time of the benchmark thread"
    case .wall: "wall-clock time"
    }
  }
}

/// A reading of the selected clock in nanoseconds.
func now() -> UInt64 {
  read(TimeSource.selected == .wall ? CLOCK_MONOTONIC : CLOCK_THREAD_CPUTIME_ID)
}

/// A reading of the monotonic wall clock in nanoseconds, for work that spans threads or
/// processes.
func wallNow() -> UInt64 {
  read(CLOCK_MONOTONIC)
}

private func read(_ clock: clockid_t) -> UInt64 {
  var time = timespec()
  clock_gettime(clock, &time)
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Nanoseconds per operation for `operations` operations run by `body`.
@inline(__always)
func nanosecondsPerOperation(_ operations: Int, _ body: () throws -> Void) rethrows -> Double {
  let start = now()
  try body()
  return Double(now() - start) / Double(operations)
}

/// Wall-clock nanoseconds taken by `body`, whatever the selected clock: for work in child
/// processes.
func wallNanoseconds(_ body: () throws -> Void) rethrows -> Double {
  let start = wallNow()
  try body()
  return Double(wallNow() - start)
}

/// Keeps the optimizer from deleting work whose result is otherwise unused.
@inline(never)
@_optimize(none)
func blackHole<T>(_ value: T) {}

/// Measures several variants of one operation, interleaved, so that a change in the machine's
/// load during the run affects them alike.
///
/// Each variant returns the nanoseconds per operation of one run; the first round is a
/// warm-up and is discarded.
@MainActor
func interleavedSamples(
  runs: Int, _ variants: [@MainActor () async -> Double]
) async -> [[Double]] {
  var samples = Array(repeating: [Double](), count: variants.count)
  for round in 0...runs {
    for (index, variant) in variants.enumerated() {
      let sample = await variant()
      if round > 0 { samples[index].append(sample) }
    }
  }
  return samples
}

/// How many operations make one sample at `size`, so that small sizes are timed over
/// enough work to rise above the clock's resolution: about `budget` elements per sample.
func operationsPerSample(size: Int, budget: Int = 1_000_000) -> Int {
  max(1, budget / size)
}
