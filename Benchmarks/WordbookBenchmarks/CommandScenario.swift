import Wordbook
import WordbookSQLite

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `wordbook` subcommands as whole processes on a book of N words, each beside the
/// `sqlite3` shell doing the same SQL work on the same database file, run in turn.
///
/// The database is made by `SQLiteWordService` (its schema, indexes and settings) and filled
/// by `wordbook import` of a generated TSV file with a mix of study states; the same file is
/// the input of the import measurement. The shell runs with the service's connection settings
/// (`synchronous = FULL`, `foreign_keys = ON`). Both write to a pipe this process drains.
/// Each child's peak memory is its `ru_maxrss` (see ``MeasuredRun/peakReporter``). The cases
/// are ``CommandFixture/cases()``. The binary is the one built beside this executable
/// (`swift build -c release --product wordbook`); without it the run stops with that advice.
/// `study` is measured by ``StudyScreenScenario``, in a pseudo-terminal.
///
/// The scenario comes three times: `commands` measures ``CommandFixture/cases()``,
/// `importCommand` measures ``CommandFixture/importCases()`` (whole imports, long at 10M, so
/// that the other commands can be measured at any size without them), and `reviewLog` measures
/// ``CommandFixture/reviewCases()``, which first gives the book a review log.
struct CommandScenario: Scenario {
  /// The commands a scenario measures.
  enum Commands: String, Sendable {
    /// ``CommandFixture/cases()``.
    case commands
    /// ``CommandFixture/importCases()``.
    case importCommand
    /// ``CommandFixture/reviewCases()``.
    case reviewLog
  }

  let commands: Commands
  var name: String { commands.rawValue }

  /// The scenario that measures `commands`.
  nonisolated init(_ commands: Commands) {
    self.commands = commands
  }

  func run(size: Int, runs: Int, into results: Results) async throws {
    guard let shell = SQLiteShell.find(results) else { return }
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let fixture = try CommandFixture(
      size: size, wordbook: try Self.wordbookBinary(), shell: shell, folder: folder)
    let cases =
      switch commands {
      case .commands: try fixture.cases()
      case .importCommand: try fixture.importCases()
      case .reviewLog: try fixture.reviewCases()
      }

    _ = ResidentMemory.resetPeak()
    let peaks =
      MeasuredRun.peakReporter.map { "peaks as \($0) reports them" }
      ?? "peaks from wait4, at least the \(ResidentMemory.current >> 20) MiB this process holds "
      + "when it starts the children (install GNU time for the children's own)"
    results.note(
      "\(name) at \(sizeLabel(size)): \(peaks); the TSV file is \(fixture.tsvBytes >> 20) MiB")
    var ours = Array(repeating: [MeasuredRun](), count: cases.count)
    var baselines = ours
    for round in 0...runs {
      for (index, item) in cases.enumerated() {
        // The file writes of the case before (an import writes hundreds of megabytes) are
        // flushed first, so the next case's fsync does not wait for them; and the two sides
        // take turns at going first.
        sync()
        let mine: MeasuredRun
        let theirs: MeasuredRun
        if round.isMultiple(of: 2) {
          mine = try item.runOurs()
          theirs = try item.runBaseline()
        } else {
          theirs = try item.runBaseline()
          mine = try item.runOurs()
        }
        if round > 0 {
          ours[index].append(mine)
          baselines[index].append(theirs)
        }
      }
    }

    let label = sizeLabel(size)
    for (index, item) in cases.enumerated() {
      let time = Measurement(
        name: "wordbook.\(item.ours)(\(label))", scenario: name, size: size, unit: .nanoseconds,
        samples: ours[index].map(\.nanoseconds))
      let baseTime = Measurement(
        name: "sqlite3.\(item.baseline)(\(label))", scenario: name, size: size,
        unit: .nanoseconds, samples: baselines[index].map(\.nanoseconds))
      let peak = Measurement(
        name: "wordbook.\(item.ours).peakMemory(\(label))", scenario: name, size: size,
        unit: .bytes, samples: ours[index].map { Double($0.peakBytes) })
      let basePeak = Measurement(
        name: "sqlite3.\(item.baseline).peakMemory(\(label))", scenario: name, size: size,
        unit: .bytes, samples: baselines[index].map { Double($0.peakBytes) })
      for measurement in [time, baseTime, peak, basePeak] { results.add(measurement) }
      results.compare(time, with: baseTime, .atMost, item.limit)
      results.compare(peak, with: basePeak, .atMost, nil)
      if let limit = item.memoryLimit {
        // The limit as a baseline of its own, so the table shows the peak against it.
        let budget = Measurement(
          name: "limit.\(item.ours).peakMemory(\(label))", scenario: name, size: size,
          unit: .bytes, samples: [limit])
        results.add(budget)
        results.compare(peak, with: budget, .atMost, 1)
      }
    }
  }

  /// The connection settings `SQLiteWordService` uses, for every `sqlite3` run.
  static let shellSettings = [
    "-cmd", "PRAGMA synchronous = FULL", "-cmd", "PRAGMA foreign_keys = ON",
  ]

  /// The release `wordbook` binary beside this executable.
  ///
  /// - Throws: ``ChildProcessError`` saying how to build it when it is missing.
  static func wordbookBinary() throws(ChildProcessError) -> String {
    let executable = ChildProcess.currentExecutable
    let folder = executable[..<(executable.lastIndex(of: "/") ?? executable.endIndex)]
    let wordbook = "\(folder)/wordbook"
    guard access(wordbook, X_OK) == 0 else {
      throw ChildProcessError(
        description: "\(wordbook) is not built, and the commands scenario runs it: "
          + "swift build -c release --product wordbook, then run the benchmarks again "
          + "(or leave the scenario out with --filter)")
    }
    return wordbook
  }

  /// Creates an empty database with `SQLiteWordService`'s schema, and closes it.
  static func createDatabase(_ path: String) throws {
    _ = try SQLiteWordService(path: path)
  }

  /// Writes a TSV file with a `term meaning state` header and `count` words, the terms and
  /// meanings of ``FixtureText`` with a seeded mix of study states (``Fixtures/Marks/mixed``).
  @MainActor
  static func writeWords(to path: String, count: Int) throws(WriteError) {
    guard let file = fopen(path, "w") else { throw WriteError(path: path) }
    var generator = SplitMix64(seed: 7)
    let text = FixtureText.shared
    var block = Array("term\tmeaning\tstate\n".utf8)
    block.reserveCapacity(1 << 20 + 512)
    var meaning: [UInt8] = []
    var failed = false
    for index in 0..<count {
      let state = Fixtures.state(at: index, marks: .mixed, generator: &generator)
      meaning.removeAll(keepingCapacity: true)
      text.append(at: index, term: &block, meaning: &meaning)
      block.append(0x09)
      block += meaning
      block.append(0x09)
      block += state.name.utf8
      block.append(0x0A)
      if block.count >= 1 << 20 || index == count - 1 {
        failed = failed || fwrite(block, 1, block.count, file) != block.count
        block.removeAll(keepingCapacity: true)
      }
    }
    guard fclose(file) == 0, !failed else { throw WriteError(path: path) }
  }
  /// Writes a TSV file with a `term rating reviewed_at` header and `perWord` reviews for each
  /// of the first `count` words of ``FixtureText``: ratings 1-4 and ISO 8601 times three days
  /// apart, all before `start`.
  @MainActor
  static func writeReviews(
    to path: String, count: Int, perWord: Int, before start: Timestamp
  ) throws(WriteError) {
    guard let file = fopen(path, "w") else { throw WriteError(path: path) }
    let text = FixtureText.shared
    var block = Array("term\trating\treviewed_at\n".utf8)
    block.reserveCapacity(1 << 20 + 4096)
    var term: [UInt8] = []
    var meaning: [UInt8] = []
    var failed = false
    for index in 0..<count {
      term.removeAll(keepingCapacity: true)
      meaning.removeAll(keepingCapacity: true)
      text.append(at: index, term: &term, meaning: &meaning)
      for review in 0..<perWord {
        let seconds = Int64(7_776_000 + (perWord - review) * 259_200 + index % 86_400)
        block += term
        block.append(0x09)
        block.append(UInt8(ascii: "1") + UInt8((index * 7 + review * 13) % 4))
        block.append(0x09)
        block += start.advanced(by: -seconds).iso8601.utf8
        block.append(0x0A)
      }
      if block.count >= 1 << 20 || index == count - 1 {
        failed = failed || fwrite(block, 1, block.count, file) != block.count
        block.removeAll(keepingCapacity: true)
      }
    }
    guard fclose(file) == 0, !failed else { throw WriteError(path: path) }
  }
}
