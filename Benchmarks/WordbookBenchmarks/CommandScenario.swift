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
/// Each child's peak memory is its `ru_maxrss` (see ``MeasuredRun/peakReporter``). `add`,
/// `edit`, `delete` and `rename-book` are undone after each run (on a word in the middle of the
/// book), and each import goes into a new database, so every run sees N words. `search` looks
/// for a term of three characters or more, answered by the trigram index on both sides. The
/// `sqlite3` import indexes its rows for search at the end, as `wordbook import` does. The binary is the one built
/// beside this executable (`swift build -c release --product wordbook`); without it the run
/// stops with that advice. `study` is
/// measured by ``StudyScreenScenario``, in a pseudo-terminal.
struct CommandScenario: Scenario {
  let name = "commands"

  /// One subcommand and its `sqlite3` baseline, each a run that checks its own output.
  private struct Case {
    /// Names the measurements: `wordbook.<ours>` and `sqlite3.<baseline>`.
    var ours: String
    var baseline: String
    /// The limit on the ratio of the medians.
    var limit: Double
    /// The limit on the peak memory of `wordbook`, in bytes, if any.
    var memoryLimit: Double?
    var runOurs: () throws -> MeasuredRun
    var runBaseline: () throws -> MeasuredRun
  }

  func run(size: Int, runs: Int, into results: Results) async throws {
    guard let shell = SQLiteShell.find(results) else { return }
    let wordbook = try Self.wordbookBinary()
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let errors = folder.file("stderr.txt")
    let tsv = folder.file("words.tsv")
    try Self.writeWords(to: tsv, count: size)
    let tsvBytes = Self.fileSize(tsv)

    let database = folder.file("book.sqlite")
    try Self.createDatabase(database)
    try MeasuredRun.run(
      wordbook, ["--db", database, "import", tsv, "--book", "Benchmark"], errorFile: errors
    ).expect("building the book with wordbook import")
    func sql(_ path: String, _ statement: String) throws -> String {
      let run = try MeasuredRun.run(
        shell, Self.shellSettings + [path, statement], errorFile: errors, keepsOutput: true)
      try run.expect("sqlite3 \(statement)")
      return run.text
    }
    let book = try sql(database, "SELECT id FROM books WHERE title = 'Benchmark'")
      .filter(\.isNumber)
    let lastWord = try sql(database, "SELECT max(id) FROM words").filter(\.isNumber)
    guard try sql(database, "SELECT count(*) FROM words WHERE book_id = \(book)") == "\(size)\n"
    else { throw ChildProcessError(description: "the book does not hold \(size) words") }

    let importScript = folder.file("import.sql")
    try writeTextFile(
      importScript,
      """
      .mode tabs
      CREATE TEMP VIEW import_rows (term, meaning, state) AS
        SELECT term, meaning, study_state FROM main.words;
      CREATE TEMP TRIGGER import_rows_insert INSTEAD OF INSERT ON import_rows
      BEGIN
        INSERT INTO words (book_id, term, meaning, study_state) VALUES (
          1, NEW.term, NEW.meaning,
          CASE NEW.state WHEN 'success' THEN 1 WHEN 'fail' THEN 2 ELSE 0 END);
      END;
      INSERT INTO books (title) VALUES ('Import');
      INSERT INTO settings (key, value) VALUES ('search_deferred', 1);
      .import --skip 1 '\(tsv)' import_rows
      INSERT INTO words_search (rowid, term, meaning) SELECT id, term, meaning FROM words;
      DELETE FROM settings WHERE key = 'search_deferred';

      """)
    var imports = 0
    /// A new database with the service's schema and no books, for one import.
    func newDatabase() throws -> String {
      imports += 1
      let path = folder.file("import\(imports).sqlite")
      try Self.createDatabase(path)
      return path
    }
    /// Checks that an import added N words, then deletes its database.
    func checkImport(_ path: String) throws {
      let count = try sql(path, "SELECT count(*) FROM words")
      for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
      guard count == "\(size)\n" else {
        throw ChildProcessError(description: "an import added \(count) words, not \(size)")
      }
    }
    let state = "CASE study_state WHEN 1 THEN 'success' WHEN 2 THEN 'fail' ELSE 'notStudied' END"
    let megabyte = 1_048_576.0
    // A word in the middle of the book: the file's words are `word1`… in ID order.
    let middle = (Int(lastWord) ?? size) - size / 2
    let middleIndex = middle - ((Int(lastWord) ?? size) - size)
    let restoreMiddle =
      "INSERT OR REPLACE INTO words (id, book_id, term, meaning, study_state) "
      + "VALUES (\(middle), \(book), 'word\(middleIndex)', 'meaning \(middleIndex)', 0)"
    let restoreTitle =
      "UPDATE books SET title = 'Benchmark', title_key = 'benchmark' WHERE id = \(book)"
    let query = "word\(size / 3)"
    let searchSQL =
      "SELECT w.id, b.title, w.study_state, w.term, w.meaning "
      + "FROM words_search JOIN words AS w ON w.id = words_search.rowid "
      + "JOIN books AS b ON b.id = w.book_id WHERE words_search MATCH '\"\(query)\"' "
      + "ORDER BY w.book_id, w.id"
    let searchLines = try sql(database, searchSQL).split(separator: "\n").count

    let cases = [
      Case(
        ours: "add", baseline: "insert", limit: 3,
        runOurs: {
          let run = try MeasuredRun.run(
            wordbook, ["--db", database, "add", book, "benchmark term", "benchmark meaning"],
            errorFile: errors)
          try run.expect("wordbook add", lines: 1)
          _ = try sql(database, "DELETE FROM words WHERE id > \(lastWord)")
          return run
        },
        runBaseline: {
          let run = try MeasuredRun.run(
            shell,
            Self.shellSettings + [
              database,
              "INSERT INTO words (book_id, term, meaning) "
                + "VALUES (\(book), 'benchmark term', 'benchmark meaning')",
            ], errorFile: errors)
          try run.expect("sqlite3 insert", lines: 0)
          _ = try sql(database, "DELETE FROM words WHERE id > \(lastWord)")
          return run
        }),
      Case(
        ours: "edit", baseline: "update", limit: 3,
        runOurs: {
          let run = try MeasuredRun.run(
            wordbook, ["--db", database, "edit", book, "\(middle)", "--term", "edited term"],
            errorFile: errors)
          try run.expect("wordbook edit", lines: 1)
          _ = try sql(database, restoreMiddle)
          return run
        },
        runBaseline: {
          let run = try MeasuredRun.run(
            shell,
            Self.shellSettings + [
              database, "UPDATE words SET term = 'edited term' WHERE id = \(middle)",
            ], errorFile: errors)
          try run.expect("sqlite3 update", lines: 0)
          _ = try sql(database, restoreMiddle)
          return run
        }),
      Case(
        ours: "delete", baseline: "delete", limit: 3,
        runOurs: {
          let run = try MeasuredRun.run(
            wordbook, ["--db", database, "delete", book, "\(middle)"], errorFile: errors)
          try run.expect("wordbook delete", lines: 1)
          _ = try sql(database, restoreMiddle)
          return run
        },
        runBaseline: {
          let run = try MeasuredRun.run(
            shell, Self.shellSettings + [database, "DELETE FROM words WHERE id = \(middle)"],
            errorFile: errors)
          try run.expect("sqlite3 delete", lines: 0)
          _ = try sql(database, restoreMiddle)
          return run
        }),
      Case(
        ours: "renameBook", baseline: "updateTitle", limit: 3,
        runOurs: {
          let run = try MeasuredRun.run(
            wordbook, ["--db", database, "rename-book", book, "Renamed"], errorFile: errors)
          try run.expect("wordbook rename-book", lines: 1)
          _ = try sql(database, restoreTitle)
          return run
        },
        runBaseline: {
          let run = try MeasuredRun.run(
            shell,
            Self.shellSettings + [
              database,
              "UPDATE books SET title = 'Renamed', title_key = 'renamed' WHERE id = \(book)",
            ], errorFile: errors)
          try run.expect("sqlite3 update title", lines: 0)
          _ = try sql(database, restoreTitle)
          return run
        }),
      Case(
        ours: "search", baseline: "matchTrigram", limit: 3,
        runOurs: {
          let run = try MeasuredRun.run(
            wordbook, ["--db", database, "search", query], errorFile: errors)
          try run.expect("wordbook search", lines: searchLines)
          return run
        },
        runBaseline: {
          let run = try MeasuredRun.run(
            shell, Self.shellSettings + ["-separator", "\t", database, searchSQL],
            errorFile: errors)
          try run.expect("sqlite3 MATCH", lines: searchLines)
          return run
        }),
      Case(
        ours: "stats", baseline: "groupBy", limit: 1.5,
        runOurs: {
          let run = try MeasuredRun.run(
            wordbook, ["--db", database, "stats"], errorFile: errors, keepsOutput: true)
          try run.expect("wordbook stats", lines: 1)
          let counts = try Self.tallies(
            sql(
              database,
              "SELECT study_state, count(*) FROM words WHERE book_id = \(book) "
                + "GROUP BY study_state"))
          let expected =
            "\(book)\tBenchmark\ttotal \(size)\tsuccess \(counts[1, default: 0])\t"
            + "fail \(counts[2, default: 0])\tnot studied \(counts[0, default: 0])\n"
          guard run.text == expected else {
            throw ChildProcessError(description: "wordbook stats wrote \(run.text)")
          }
          return run
        },
        runBaseline: {
          let run = try MeasuredRun.run(
            shell,
            Self.shellSettings + [
              database,
              "SELECT book_id, study_state, count(*) FROM words GROUP BY book_id, study_state",
            ], errorFile: errors)
          try run.expect("sqlite3 GROUP BY")
          return run
        }),
      Case(
        ours: "words", baseline: "selectWords", limit: 1.5, memoryLimit: 32 * megabyte,
        runOurs: {
          let run = try MeasuredRun.run(
            wordbook, ["--db", database, "words", book], errorFile: errors)
          try run.expect("wordbook words", lines: size)
          return run
        },
        runBaseline: {
          let run = try MeasuredRun.run(
            shell,
            Self.shellSettings + [
              "-separator", "\t", database,
              "SELECT id, study_state, term, meaning FROM words WHERE book_id = \(book) "
                + "ORDER BY id",
            ], errorFile: errors)
          try run.expect("sqlite3 SELECT", lines: size)
          return run
        }),
      Case(
        ours: "exportCSV", baseline: "selectCSV", limit: 1.5, memoryLimit: 32 * megabyte,
        runOurs: {
          let run = try MeasuredRun.run(
            wordbook, ["--db", database, "export", book, "--format", "csv"], errorFile: errors)
          try run.expect("wordbook export", lines: size + 1)
          return run
        },
        runBaseline: {
          let run = try MeasuredRun.run(
            shell,
            Self.shellSettings + [
              "-csv", "-header", database,
              "SELECT term, meaning, \(state) AS state, coalesce(image_reference, '') AS image "
                + "FROM words WHERE book_id = \(book) ORDER BY id",
            ], errorFile: errors)
          try run.expect("sqlite3 -csv SELECT", lines: size + 1)
          return run
        }),
      Case(
        ours: "importTSV", baseline: "importTSV", limit: 2,
        memoryLimit: 64 * megabyte + Double(tsvBytes),
        runOurs: {
          let path = try newDatabase()
          let run = try MeasuredRun.run(
            wordbook, ["--db", path, "import", tsv, "--book", "Import"], errorFile: errors)
          try run.expect("wordbook import")
          try checkImport(path)
          return run
        },
        runBaseline: {
          let path = try newDatabase()
          let run = try MeasuredRun.run(
            shell, Self.shellSettings + [path], input: importScript, errorFile: errors)
          try run.expect("sqlite3 .import")
          try checkImport(path)
          return run
        }),
    ]

    _ = ResidentMemory.resetPeak()
    let peaks =
      MeasuredRun.peakReporter.map { "peaks as \($0) reports them" }
      ?? "peaks from wait4, at least the \(ResidentMemory.current >> 20) MiB this process holds "
      + "when it starts the children (install GNU time for the children's own)"
    results.note(
      "commands at \(sizeLabel(size)): \(peaks); the TSV file is \(tsvBytes >> 20) MiB")
    var ours = Array(repeating: [MeasuredRun](), count: cases.count)
    var baselines = ours
    for round in 0...runs {
      for (index, item) in cases.enumerated() {
        let mine = try item.runOurs()
        let theirs = try item.runBaseline()
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

  /// Writes a TSV file with a `term meaning state` header and `count` words, `word1`… with a
  /// seeded mix of study states.
  @MainActor
  static func writeWords(to path: String, count: Int) throws(WriteError) {
    guard let file = fopen(path, "w") else { throw WriteError(path: path) }
    var generator = SplitMix64(seed: 7)
    var block = Array("term\tmeaning\tstate\n".utf8)
    block.reserveCapacity(1 << 20)
    var failed = false
    for index in 1...count {
      let state = Fixtures.state(at: index, marks: .mixed, generator: &generator)
      block.append(contentsOf: "word\(index)\tmeaning \(index)\t\(state.name)\n".utf8)
      if block.count >= 1 << 20 || index == count {
        failed = failed || fwrite(block, 1, block.count, file) != block.count
        block.removeAll(keepingCapacity: true)
      }
    }
    guard fclose(file) == 0, !failed else { throw WriteError(path: path) }
  }

  /// The counts of `sqlite3` rows `state|count`, by state.
  private static func tallies(_ text: String) -> [Int: Int] {
    var counts: [Int: Int] = [:]
    for line in text.split(separator: "\n") {
      let fields = line.split(separator: "|")
      guard fields.count == 2, let state = Int(fields[0]), let count = Int(fields[1]) else {
        continue
      }
      counts[state] = count
    }
    return counts
  }

  private static func fileSize(_ path: String) -> Int {
    var status = stat()
    guard stat(path, &status) == 0 else { return 0 }
    return Int(status.st_size)
  }
}

extension StudyState {
  /// The name a TSV state column holds, as `wordbook export` writes it.
  fileprivate var name: String {
    switch self {
    case .notStudied: "notStudied"
    case .success: "success"
    case .fail: "fail"
    }
  }
}
