/// The command line of the benchmark executable.
struct Options: Sendable {
  /// A usage error, with the message to print.
  struct UsageError: Error {
    var message: String
  }

  /// The usage text printed by `--help` and after a usage error.
  static let usage = """
    usage: swift run -c release WordbookBenchmarks [--filter NAMES] [--sizes 10k,100k,1M]
                                                   [--runs N] [--json FILE] [--svg FILE]
                                                   [--clock cpu|wall] [--record FILE]
       swift run WordbookBenchmarks --from JSON --record FILE

      --filter NAMES  run only the scenarios whose name contains one of the comma-separated
                      NAMES (shuffle, markSuccess, rate, nextDue, partObservation,
                      toggleStudyMode, noOp, memory, sqliteLoad, sqliteImport,
                      untrustedInput, commands, importCommand, reviewLog, studyScreen,
                      dueScreen, studyScreenKeys, webPage, manyLearners)
      --sizes LIST    book sizes, such as 10k,100k,1M (default: 10k,100k,1M)
      --runs N        timed runs per measurement after one warm-up run (default: 5)
      --json FILE     also write the results as JSON to FILE
      --clock cpu     time in-process work by the CPU time of the benchmark thread, so other
                      processes on a shared machine don't inflate it (the default); SQLite
                      scenarios, which span threads and processes, always use wall time
      --clock wall    time everything by the wall clock
      --svg FILE      where to write the shuffle chart when the shuffle ran at two sizes or
                      more (default: Benchmarks/shuffle.svg)
      --record FILE   write the record (Benchmarks/README.md) from the JSON, which lies
                      beside it: after a run with --json, or from --from's file
      --from JSON     measure nothing: make the --record from a run's JSON
    """

  var filter: String?
  var sizes = [10_000, 100_000, 1_000_000]
  var runs = 5
  var jsonPath: String?
  var svgPath = "Benchmarks/shuffle.svg"
  /// Where to write the record made from the JSON.
  var recordPath: String?
  /// A run's JSON to make the record from, instead of running.
  var recordedRunPath: String?
  var clock = TimeSource.threadCPU
  var showsHelp = false
  /// Set when the process is a child started to measure memory: what it holds and how many
  /// words.
  var memoryChild: (holding: String, size: Int)?

  /// The hidden flag that turns the process into a memory-measuring child.
  static let memoryChildFlag = "--memory-child"

  /// Parses the arguments after the program name.
  init(arguments: [String]) throws(UsageError) {
    var remaining = arguments[...]
    func value(for flag: String) throws(UsageError) -> String {
      guard let value = remaining.popFirst() else {
        throw UsageError(message: "\(flag) needs a value")
      }
      return value
    }
    while let argument = remaining.popFirst() {
      switch argument {
      case "--filter":
        filter = try value(for: argument)
      case "--sizes":
        sizes = try Self.parseSizes(try value(for: argument))
      case "--runs":
        let text = try value(for: argument)
        guard let runs = Int(text), runs >= 1 else {
          throw UsageError(message: "--runs needs a positive whole number, not '\(text)'")
        }
        self.runs = runs
      case "--json":
        jsonPath = try value(for: argument)
      case "--svg":
        svgPath = try value(for: argument)
      case "--record":
        recordPath = try value(for: argument)
      case "--from":
        recordedRunPath = try value(for: argument)
      case "--clock":
        switch try value(for: argument) {
        case "cpu": clock = .threadCPU
        case "wall": clock = .wall
        case let other: throw UsageError(message: "--clock is cpu or wall, not '\(other)'")
        }
      case "--help", "-h":
        showsHelp = true
      case Self.memoryChildFlag:
        let holding = try value(for: argument)
        let size = try Self.parseSizes(try value(for: argument))
        memoryChild = (holding, size[0])
      default:
        throw UsageError(message: "unknown argument '\(argument)'")
      }
    }
    if recordPath != nil && jsonPath == nil && recordedRunPath == nil {
      throw UsageError(message: "--record is made from a run's JSON: add --json or --from")
    }
    if recordedRunPath != nil && recordPath == nil {
      throw UsageError(message: "--from makes a record: add --record FILE")
    }
  }

  /// Whether the scenario called `name` is selected by `--filter`: its name contains one of
  /// the filter's comma-separated words.
  func includes(_ name: String) -> Bool {
    guard let filter else { return true }
    return filter.split(separator: ",").contains { name.lowercased().contains($0.lowercased()) }
  }

  /// Parses a comma-separated list of sizes such as `10k,100k,1M`.
  static func parseSizes(_ text: String) throws(UsageError) -> [Int] {
    var sizes: [Int] = []
    for part in text.split(separator: ",") {
      var digits = Substring(part)
      var multiplier = 1
      switch digits.last {
      case "k", "K":
        multiplier = 1_000
        digits = digits.dropLast()
      case "m", "M":
        multiplier = 1_000_000
        digits = digits.dropLast()
      default:
        break
      }
      guard let number = Int(digits), number > 0, number <= 10_000_000 / multiplier else {
        throw UsageError(message: "'\(part)' is not a size from 1 to 10M (such as 10k or 1M)")
      }
      sizes.append(number * multiplier)
    }
    guard !sizes.isEmpty else { throw UsageError(message: "--sizes needs at least one size") }
    return sizes
  }
}

/// A size as the benchmark names show it: `10k`, `1M`, `2500`.
func sizeLabel(_ size: Int) -> String {
  if size >= 1_000_000, size % 1_000_000 == 0 { return "\(size / 1_000_000)M" }
  if size >= 1_000, size % 1_000 == 0 { return "\(size / 1_000)k" }
  return String(size)
}
