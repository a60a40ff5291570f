#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the scenarios, prints the table, and writes the JSON and the shuffle chart.
///
/// Exit status: 0 after a run, whatever the verdicts (times are not judged in CI); 2 for a
/// usage error or a debug build.
@main
struct WordbookBenchmarks {
  @MainActor
  static func main() async {
    let options: Options
    do {
      options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
    } catch {
      printError("error: \(error.message)\n\(Options.usage)")
      exit(2)
    }
    if options.showsHelp {
      print(Options.usage)
      return
    }
    if let child = options.memoryChild {
      exit(await MemoryChild.run(holding: child.holding, size: child.size))
    }
    if let json = options.recordedRunPath, let record = options.recordPath {
      do {
        try writeRecord(record, from: json)
      } catch {
        printError("error: \(error)")
        exit(1)
      }
      return
    }
    #if DEBUG
      printError(
        "error: benchmarks must be built in release mode: "
          + "swift run -c release WordbookBenchmarks")
      exit(2)
    #else
      do {
        try await run(options)
      } catch {
        printError("error: \(error)")
        exit(1)
      }
    #endif
  }

  /// Every scenario, in the order they run.
  static let scenarios: [any Scenario] = [
    ShuffleScenario(),
    MarkSuccessScenario(),
    RateScenario(),
    NextDueScenario(),
    PartObservationScenario(),
    ToggleStudyModeScenario(),
    NoOpScenario(),
    MemoryScenario(),
    SQLiteLoadScenario(),
    SQLiteImportScenario(),
    UntrustedInputScenario(),
    CommandScenario(.commands),
    CommandScenario(.importCommand),
    CommandScenario(.reviewLog),
    StudyScreenScenario(),
    DueScreenScenario(),
    StudyScreenKeysScenario(),
    WebPageScenario(),
    LoadScenario(),
    OptimizeScenario(),
  ]

  @MainActor
  static func run(_ options: Options) async throws {
    let selected = scenarios.filter { options.includes($0.name) }
    if selected.isEmpty {
      printError("error: no scenario matches '\(options.filter ?? "")'\n\(Options.usage)")
      exit(2)
    }
    var machine = Machine.current()
    TimeSource.selected = options.clock
    print(
      "Wordbook benchmarks: \(machine.cores) cores, \(machine.processor), "
        + "load \(machine.loadAtStart); sizes "
        + options.sizes.map(sizeLabel).joined(separator: ", ")
        + "; \(options.runs) runs after a warm-up; \(options.clock.label)")
    let results = Results()
    results.note("fixture text: \(FixtureText.shared.source)")
    for scenario in selected {
      let sizes = scenario is NoOpScenario ? [0] : options.sizes
      for size in sizes {
        print("running \(scenario.name)" + (size > 0 ? " at \(sizeLabel(size))" : "") + "…")
        try await scenario.run(size: size, runs: options.runs, into: results)
      }
    }
    machine.loadAtEnd = Machine.loadAverage()
    print()
    print(Report.table(results))
    print()
    print(
      "Machine: \(machine.cores) cores, \(machine.processor); load average "
        + "\(machine.loadAtStart) at start, \(machine.loadAtEnd) at end. In-process times: "
        + "\(options.clock.label).")
    let failed = results.checks.filter { $0.passed == false }.map(\.subject)
    if !failed.isEmpty {
      print("Targets missed: \(failed.joined(separator: ", ")).")
    }
    if let path = options.jsonPath {
      try writeTextFile(path, Report.json(results, machine: machine, options: options))
      print("Wrote \(path).")
      if let record = options.recordPath { try writeRecord(record, from: path) }
    }
    if options.includes("shuffle") {
      if let svg = SVGChart.shuffle(from: results).svg {
        try writeTextFile(options.svgPath, svg)
        print("Wrote \(options.svgPath).")
      } else {
        print("The shuffle chart needs two sizes or more; \(options.svgPath) left as it was.")
      }
    }
    if options.includes("studyScreen") || options.includes("webPage") {
      let path = "Benchmarks/first-cards.svg"
      if let svg = SVGChart.firstCards(from: results).svg {
        try writeTextFile(path, svg)
        print("Wrote \(path).")
      } else {
        print("The first cards' chart needs two sizes or more; \(path) left as it was.")
      }
    }
  }

  /// Writes the record at `path` from the run's JSON at `json`, read back as it was written.
  static func writeRecord(_ path: String, from json: String) throws {
    let name = json.split(separator: "/").last.map(String.init) ?? json
    let run = try RecordedRun.read(json)
    try writeTextFile(path, BenchmarkRecord.markdown(of: run, jsonName: name))
    print("Wrote \(path) from \(json).")
  }

  static func printError(_ text: String) {
    let line = text + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
  }
}
