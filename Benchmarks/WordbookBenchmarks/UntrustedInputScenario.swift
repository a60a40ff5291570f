import Wordbook
import WordbookInterchange

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Peak resident memory of the release `wordbook` binary reading large untrusted input: an
/// import of a CSV file of N rows (100 bytes each: 200 MB at 2M), a replay of a valid log
/// followed by N × 500 bytes of junk lines (1 GB at 2M), and a replay of N × 100 newlines.
///
/// In this process last, the reader alone: the peak while `FlashcardReader` streams the CSV
/// into drafts, beside the memory the drafts hold once read, whose difference is what reading
/// costs beyond the cards kept. Each run of the binary is a child process; its peak is
/// `wait4`'s `ru_maxrss`. The binary is the one built beside this executable
/// (`swift build -c release --product wordbook`); without it the scenario is skipped.
struct UntrustedInputScenario: Scenario {
  let name = "untrustedInput"

  func run(size: Int, runs: Int, into results: Results) async throws {
    let executable = ChildProcess.currentExecutable
    let folderOfExecutable = executable[..<(executable.lastIndex(of: "/") ?? executable.endIndex)]
    let wordbook = "\(folderOfExecutable)/wordbook"
    guard access(wordbook, X_OK) == 0 else {
      results.note(
        "\(wordbook) is not built: the untrustedInput scenario was skipped "
          + "(swift build -c release --product wordbook to run it).")
      return
    }
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let csv = folder.file("import.csv")
    try Self.write(csv, lines: size) { index in
      let term = "term\(index)"
      let meaning = "meaning of \(term) "
      return term + "," + meaning + String(repeating: "x", count: 98 - term.count - meaning.count)
    }
    let valid = folder.file("valid.jsonl")
    // A log as `wordbook` records it (`--record` now takes study sessions only, which need a
    // terminal): the books loaded, none in the database.
    try writeTextFile(
      valid,
      "{\"action\":{\"kind\":\"loadBooks\"},\"origin\":\"caller\",\"sequence\":1}\n"
        + "{\"action\":{\"books\":[],\"kind\":\"booksLoaded\"},\"origin\":\"effect\",\"sequence\":2}\n"
    )
    let junk = folder.file("junk.jsonl")
    _ = try ChildProcess.run("/bin/cp", [valid, junk])
    try Self.write(junk, lines: size, appending: true) { _ in
      "not an entry " + String(repeating: "#", count: 486)
    }
    let newlines = folder.file("newlines.jsonl")
    try Self.write(newlines, lines: size * 100) { _ in "" }
    results.note(
      "untrustedInput at \(sizeLabel(size)): import \(Self.megabytes(csv)), junk log "
        + "\(Self.megabytes(junk)), newline log \(Self.megabytes(newlines))")

    let label = sizeLabel(size)
    // A child's ru_maxrss starts from this process's resident set at the spawn (the kernel
    // counts the address space it leaves at exec), so the children run first, from a small
    // and freshly reset peak, and the figure below is their floor.
    _ = ResidentMemory.resetPeak()
    results.note(
      "untrustedInput: this process holds \(ResidentMemory.current >> 20) MiB when it starts "
        + "the children, which no child's peak can be below")
    let cases: [(name: String, arguments: () -> [String], status: Int32)] = [
      (
        "Import",
        {
          [
            "--db", folder.file("import-\(UInt64.random(in: 0...UInt64.max)).sqlite"),
            "import", csv, "--book", "Import",
          ]
        }, 0
      ),
      ("ReplayJunk", { ["replay", junk] }, 1),
      ("ReplayNewlines", { ["replay", newlines] }, 0),
    ]
    for item in cases {
      var peaks: [Double] = []
      var times: [Double] = []
      for _ in 0..<min(runs, 3) {
        let outcome = try Self.spawn(wordbook, item.arguments())
        guard outcome.status == item.status else {
          throw ChildProcessError(
            description: "wordbook \(item.name) exited with \(outcome.status), "
              + "not \(item.status)")
        }
        peaks.append(Double(outcome.peakBytes))
        times.append(Double(outcome.nanoseconds))
      }
      results.add(
        Measurement(
          name: "wordbook.\(item.name).peakMemory(\(label))", scenario: name, size: size,
          unit: .bytes, samples: peaks))
      results.add(
        Measurement(
          name: "wordbook.\(item.name).time(\(label))", scenario: name, size: size,
          unit: .nanoseconds, samples: times))
    }
    try measureReader(csv, size: size, into: results)
  }

  /// Measures `FlashcardReader` streaming `path` into drafts, in this process.
  private func measureReader(_ path: String, size: Int, into results: Results) throws {
    let label = sizeLabel(size)
    let before = ResidentMemory.current
    guard ResidentMemory.resetPeak() else {
      results.note("the peak resident set cannot be reset: the reader's memory was not measured")
      return
    }
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw WriteError(path: path) }
    defer { close(descriptor) }
    var drafts: [WordDraft] = []
    let start = wallNow()
    let parsed = try FlashcardReader.read(fileDescriptor: descriptor) { rows in
      drafts.append(contentsOf: rows.lazy.map(\.draft))
    }
    let elapsed = Double(wallNow() - start)
    let peak = Double(ResidentMemory.peak - before)
    let held = Double(ResidentMemory.current - before)
    guard drafts.count == size, parsed.problems.isEmpty else {
      throw ChildProcessError(description: "the reader read \(drafts.count) of \(size) rows")
    }
    withExtendedLifetime(drafts) {}
    let reading = Measurement(
      name: "FlashcardReader.readPeak(\(label))", scenario: name, size: size, unit: .bytes,
      samples: [peak])
    let cards = Measurement(
      name: "FlashcardReader.cardsHeld(\(label))", scenario: name, size: size, unit: .bytes,
      samples: [held])
    results.add(reading)
    results.add(cards)
    results.add(
      Measurement(
        name: "FlashcardReader.readTime(\(label))", scenario: name, size: size,
        unit: .nanoseconds, samples: [elapsed]))
    results.compare(reading, with: cards, .atMost, nil)
  }

  /// Writes `lines` lines made by `line` (each followed by a line feed) to `path`.
  private static func write(
    _ path: String, lines: Int, appending: Bool = false, _ line: (Int) -> String
  ) throws(WriteError) {
    guard let file = fopen(path, appending ? "a" : "w") else { throw WriteError(path: path) }
    var block: [UInt8] = []
    block.reserveCapacity(1 << 20)
    var failed = false
    for index in 0..<lines {
      block.append(contentsOf: line(index).utf8)
      block.append(0x0A)
      if block.count >= 1 << 20 || index == lines - 1 {
        failed = failed || fwrite(block, 1, block.count, file) != block.count
        block.removeAll(keepingCapacity: true)
      }
    }
    guard fclose(file) == 0, !failed else { throw WriteError(path: path) }
  }

  private static func megabytes(_ path: String) -> String {
    var status = stat()
    guard stat(path, &status) == 0 else { return "?" }
    return "\(Int(status.st_size) / 1_000_000) MB"
  }

  /// Runs `path` with its output sent to `/dev/null`, and returns its exit status, its peak
  /// resident set and its wall time.
  private static func spawn(
    _ path: String, _ arguments: [String]
  ) throws(ChildProcessError) -> (status: Int32, peakBytes: Int, nanoseconds: UInt64) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    let start = wallNow()
    var pid = pid_t()
    let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
    guard spawned == 0 else {
      throw ChildProcessError(
        description: "cannot start \(path): \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
    let elapsed = wallNow() - start
    guard status & 0x7f == 0 else {
      throw ChildProcessError(description: "\(path) was killed by signal \(status & 0x7f)")
    }
    // Linux counts ru_maxrss in KiB.
    return ((status >> 8) & 0xff, usage.ru_maxrss * 1024, elapsed)
  }
}
