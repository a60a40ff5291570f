/// The benchmarks' record, `Benchmarks/README.md`, made from a run's JSON: one table per area
/// (a scenario), each with the command that repeats it and the machine it ran on.
///
/// Nothing in it is written by hand, so it cannot drift from the figures: the runner writes it
/// after a run with `--record FILE`, or from a saved run with `--from FILE`.
enum BenchmarkRecord {
  /// The record of `run`, whose JSON is the file `jsonName` beside the record.
  static func markdown(of run: RecordedRun, jsonName: String) -> String {
    let (measurements, checks) = (run.measurements, run.checks)
    var areas: [String] = []
    for measurement in measurements where !areas.contains(measurement.scenario) {
      areas.append(measurement.scenario)
    }
    let sizes = run.sizes.map(sizeLabel).joined(separator: ",")
    let clock = run.clock == TimeSource.wall.label ? "wall" : "cpu"
    let machine =
      "\(run.machine.cores) cores, \(run.machine.processor); load average "
      + "\(run.machine.loadAtStart) at the start, \(run.machine.loadAtEnd) at the end"
    var lines = [
      "# Benchmarks",
      "",
      "<!-- Made by the benchmark runner from \(jsonName): edit the runner, not this file. -->",
      "",
      "`Benchmarks/WordbookBenchmarks` measures Wordbook on large wordbooks beside baselines",
      "measured in the same run: the floor a hand-written loop could reach, or the fastest way",
      "a user of another tool does the same work. Each figure is the median of the run's",
      "samples after a warm-up, beside their range; a ratio divides two medians of the same",
      "run; a target is judged at 1M words and every size above. The runner measures only in",
      "a release build. It wrote this record from [`\(jsonName)`](\(jsonName)), which holds",
      "every sample:",
      "",
      "```sh",
      "swift run -c release WordbookBenchmarks --json Benchmarks/\(jsonName) \\",
      "  --record Benchmarks/README.md",
      "swift run WordbookBenchmarks --from Benchmarks/\(jsonName) --record Benchmarks/README.md",
      "```",
      "",
      "The second command writes the record again from the JSON alone, without measuring.",
      "",
      "**Machine:** \(machine). **Clock:** \(run.clock) for in-process work (the SQLite",
      "scenarios, which span threads and processes, always use wall time). **Runs:**",
      "\(run.runs) after a warm-up, at \(run.sizes.map(sizeLabel).joined(separator: ", ")).",
    ]
    if !run.notes.isEmpty {
      lines += [""] + run.notes.map { "- \($0)" }
    }
    for area in areas {
      let inArea = measurements.filter { $0.scenario == area }
      let names = Set(inArea.map(\.name))
      let missed = checks.filter { names.contains($0.subject) && $0.passed == false }.count
      let judged = checks.filter { names.contains($0.subject) && $0.passed != nil }.count
      lines += [
        "",
        "## `\(area)`",
        "",
        "\(judged - missed) of \(judged) targets met. Command: `swift run -c release "
          + "WordbookBenchmarks --filter \(area) --sizes \(sizes) --runs \(run.runs) "
          + "--clock \(clock)`. Machine: \(machine).",
        "",
        Report.table(inArea, checks.filter { names.contains($0.subject) }),
      ]
    }
    lines += [
      "",
      "## Earlier runs",
      "",
      "The runs made before the runner wrote this record, as they were written up at the time",
      "(commands, pages, reviews, many learners, ten million words): [earlier-runs.md](earlier-runs.md).",
    ]
    return lines.joined(separator: "\n") + "\n"
  }
}
