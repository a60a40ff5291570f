#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension CommandFixture {
  /// The measured subcommands, each beside the shell doing the same SQL work.
  ///
  /// `add`, `edit`, `delete` and `rename-book` are undone after each run (on a word in the
  /// middle of the book), and each import goes into a new database, so every run sees N
  /// words. `search` looks for a term of three characters or more, answered by the trigram
  /// index on both sides.
  func cases() throws -> [Case] {
    let state =
      "CASE study_state WHEN 1 THEN 'known' WHEN 2 THEN 'not-known' ELSE 'not-studied' END"
    let megabyte = 1_048_576.0
    // A word in the middle of the book: the file's words are FixtureText's, in ID order.
    let middle = (Int(lastWord) ?? size) - size / 2
    let middleEntry = FixtureText.shared.entry(at: middle - ((Int(lastWord) ?? size) - size) - 1)
    let restoreMiddle =
      "INSERT OR REPLACE INTO words (id, book_id, term, meaning, study_state) "
      + "VALUES (\(middle), \(book), \(Self.quoted(middleEntry.term)), "
      + "\(Self.quoted(middleEntry.meaning)), 0)"
    let removeAdded = "DELETE FROM words WHERE id > \(lastWord)"
    let restoreTitle =
      "UPDATE books SET title = 'Benchmark', title_key = 'benchmark' WHERE id = \(book)"
    let query = Self.searchQuery(near: size / 3)
    let searchSQL =
      "SELECT w.id, b.title, w.study_state, w.term, w.meaning "
      + "FROM words_search JOIN words AS w ON w.id = words_search.rowid "
      + "JOIN books AS b ON b.id = w.book_id WHERE words_search MATCH '\"\(query.replacing("'", with: "''"))\"' "
      + "ORDER BY w.book_id, w.id"
    let searchLines = try sql(database, searchSQL).split(separator: "\n").count
    let tabs = ["-separator", "\t"]

    return [
      Case(
        ours: "add", baseline: "insert", limit: 3,
        runOurs: ours(
          ["add", book, "benchmark term", "benchmark meaning"], lines: 1, restore: removeAdded),
        runBaseline: baseline(
          "INSERT INTO words (book_id, term, meaning) "
            + "VALUES (\(book), 'benchmark term', 'benchmark meaning')",
          lines: 0, restore: removeAdded)),
      Case(
        ours: "edit", baseline: "update", limit: 3,
        runOurs: ours(
          ["edit", book, "\(middle)", "--term", "edited term"], lines: 1, restore: restoreMiddle),
        runBaseline: baseline(
          "UPDATE words SET term = 'edited term' WHERE id = \(middle)", lines: 0,
          restore: restoreMiddle)),
      Case(
        ours: "delete", baseline: "delete", limit: 3,
        runOurs: ours(["delete", book, "\(middle)"], lines: 1, restore: restoreMiddle),
        runBaseline: baseline(
          "DELETE FROM words WHERE id = \(middle)", lines: 0, restore: restoreMiddle)),
      Case(
        ours: "renameBook", baseline: "updateTitle", limit: 3,
        runOurs: ours(["rename-book", book, "Renamed"], lines: 1, restore: restoreTitle),
        runBaseline: baseline(
          "UPDATE books SET title = 'Renamed', title_key = 'renamed' WHERE id = \(book)",
          lines: 0, restore: restoreTitle)),
      Case(
        ours: "search", baseline: "matchTrigram", limit: 3,
        runOurs: ours(["search", query], lines: searchLines),
        runBaseline: baseline(searchSQL, options: tabs, lines: searchLines)),
      Case(
        ours: "stats", baseline: "groupBy", limit: 1.5,
        runOurs: {
          let run = try ours(["stats"], lines: 1, keepsOutput: true)()
          try checkStats(run.text)
          return run
        },
        runBaseline: baseline(
          "SELECT book_id, study_state, count(*) FROM words GROUP BY book_id, study_state",
          lines: nil)),
      Case(
        ours: "words", baseline: "selectWords", limit: 1.5, memoryLimit: 32 * megabyte,
        runOurs: ours(["words", book], lines: size),
        runBaseline: baseline(
          "SELECT id, study_state, term, meaning FROM words WHERE book_id = \(book) ORDER BY id",
          options: tabs, lines: size)),
      Case(
        ours: "exportCSV", baseline: "selectCSV", limit: 1.5, memoryLimit: 32 * megabyte,
        runOurs: ours(["export", book, "--format", "csv"], lines: size + 1),
        runBaseline: baseline(
          "SELECT term, meaning, \(state) AS state, coalesce(image_reference, '') AS image "
            + "FROM words WHERE book_id = \(book) ORDER BY id",
          options: ["-csv", "-header"], lines: size + 1)),
    ]
  }

  /// `wordbook import` of the TSV file beside the shell's plain fastest import of it
  /// (``SQLiteShell/importScript(tsv:)``), each into a new database with the service's schema.
  ///
  /// Issue 29: the import's peak stays flat, the same limit whatever the file's size.
  func importCases() throws -> [Case] {
    let memoryLimit = 160 * 1_048_576.0
    let script = folder.file("import.sql")
    try writeTextFile(script, SQLiteShell.importScript(tsv: tsv))
    var imports = 0
    /// Runs `program` with the arguments for the path of a new database, checks that it added
    /// N words, and deletes that database.
    func importing(
      _ program: String, input: String = "/dev/null", _ what: String,
      arguments: @escaping (String) -> [String]
    ) -> () throws -> MeasuredRun {
      {
        imports += 1
        let path = folder.file("import\(imports).sqlite")
        try CommandScenario.createDatabase(path)
        let run = try MeasuredRun.run(
          program, arguments(path), input: input, errorFile: errors)
        try run.expect(what)
        let count = try sql(path, "SELECT count(*) FROM words")
        for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
        guard count == "\(size)\n" else {
          throw ChildProcessError(description: "\(what) added \(count) words, not \(size)")
        }
        return run
      }
    }
    return [
      Case(
        ours: "importTSV", baseline: "importTSV", limit: 1, memoryLimit: memoryLimit,
        runOurs: importing(wordbook, "wordbook import") { [tsv] in
          ["--db", $0, "import", tsv, "--book", "Import"]
        },
        runBaseline: importing(shell, input: script, "sqlite3 .import") {
          CommandScenario.shellSettings + [$0]
        })
    ]
  }

  /// `text` as an SQL string literal.
  private static func quoted(_ text: String) -> String {
    "'" + text.replacing("'", with: "''") + "'"
  }

  /// The term of the first English-term word from `index` on with at least three characters,
  /// the least a trigram search finds, and no quote of FTS5's query syntax.
  private static func searchQuery(near index: Int) -> String {
    var index = index | 1
    while true {
      let term = FixtureText.shared.entry(at: index).term
      if term.count >= 3, !term.contains("\"") { return term }
      index += 2
    }
  }

  /// Checks `wordbook stats`'s line against the shell's counts of the book.
  private func checkStats(_ text: String) throws {
    var counts: [Int: Int] = [:]
    let rows = try sql(
      database,
      "SELECT study_state, count(*) FROM words WHERE book_id = \(book) GROUP BY study_state")
    for line in rows.split(separator: "\n") {
      let fields = line.split(separator: "|")
      guard fields.count == 2, let state = Int(fields[0]), let count = Int(fields[1]) else {
        continue
      }
      counts[state] = count
    }
    let expected =
      "\(book)\tBenchmark\ttotal \(size)\tknown \(counts[1, default: 0])\t"
      + "not-known \(counts[2, default: 0])\tnot-studied \(counts[0, default: 0])\n"
    guard text == expected else {
      throw ChildProcessError(description: "wordbook stats wrote \(text)")
    }
  }
}
