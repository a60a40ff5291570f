import Wordbook

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension CommandFixture {
  /// How many reviews each word has in the log, and how many the imported file holds per word.
  static let reviewsPerWord = 10

  /// The commands of issue 27's review log, each beside the shell doing the same SQL work:
  /// `schedule BOOK` and `schedule BOOK --all`, and `import-reviews` of a file of
  /// ``reviewsPerWord`` reviews per word.
  ///
  /// The book first gets a log of ``reviewsPerWord`` reviews a word and a memory state per
  /// word, written by SQL inserts (see ``fillReviewLog(at:)``); the import goes into a copy of
  /// the book taken before, which has no reviews.
  func reviewCases() throws -> [Case] {
    let wordsOnly = folder.file("words-only.sqlite")
    _ = try sql(database, "PRAGMA wal_checkpoint(TRUNCATE)")
    _ = try ChildProcess.run("/bin/cp", [database, wordsOnly])
    let start = Timestamp(secondsSince1970: Int64(time(nil)))
    try fillReviewLog(at: start)
    let dueCount =
      Int(
        try sql(
          database,
          "SELECT count(*) FROM memory_states m JOIN words w ON w.id = m.word_id "
            + "WHERE m.due <= \(start.secondsSince1970) AND w.book_id = \(book)"
        ).filter(\.isNumber)) ?? 0
    // The shell writes what `schedule` writes, byte for byte (checked below): the phase by
    // name, the due time in ISO 8601 and the two numbers with six decimals, as a shell user
    // would ask for them.
    let columns = """
      w.id, w.term, CASE m.phase WHEN 1 THEN 'learning' WHEN 2 THEN 'review' \
      WHEN 3 THEN 'relearning' ELSE 'new' END, \
      coalesce(strftime('%Y-%m-%dT%H:%M:%SZ', m.due, 'unixepoch'), ''), \
      printf('%.6f', coalesce(m.stability, 0)), printf('%.6f', coalesce(m.difficulty, 0)), \
      coalesce(m.review_count, 0), coalesce(m.lapse_count, 0)
      """
    let tabs = ["-separator", "\t"]
    let selectDue =
      "SELECT \(columns) FROM memory_states m JOIN words w ON w.id = m.word_id "
      + "WHERE m.due <= \(start.secondsSince1970) AND w.book_id = \(book) "
      + "ORDER BY m.due, m.word_id"
    let selectSchedule =
      "SELECT \(columns) FROM words w LEFT JOIN memory_states m ON m.word_id = w.id "
      + "WHERE w.book_id = \(book) ORDER BY w.id"
    try expectSameOutput(["schedule", book], as: selectDue, options: tabs)
    try expectSameOutput(["schedule", book, "--all"], as: selectSchedule, options: tabs)
    let statsAt = ["--at", start.iso8601]
    return [
      Case(
        ours: "schedule", baseline: "selectDue", limit: 1.5,
        runOurs: ours(["schedule", book], lines: dueCount),
        runBaseline: baseline(selectDue, options: tabs, lines: dueCount)),
      Case(
        ours: "scheduleAll", baseline: "selectSchedule", limit: 1.5,
        runOurs: ours(["schedule", book, "--all"], lines: size),
        runBaseline: baseline(selectSchedule, options: tabs, lines: size)),
      Case(
        ours: "statsBook", baseline: "statsSQL", limit: 1.5,
        runOurs: ours(["stats", book] + statsAt, lines: 3),
        runBaseline: baseline(Self.statisticsSQL(book: book, at: start), lines: nil)),
      try importReviewsCase(into: wordsOnly, before: start),
    ]
  }

  /// The work of `stats BOOK` in SQL, as a shell user would write it: the tally of every
  /// book's study states, the book's reviewed words due today and in the seven days from
  /// today with their average retrievability (FSRS-6's forgetting curve, with the default
  /// parameters, over whole days since the last review), and the book's reviews of the year
  /// counted by day.
  static func statisticsSQL(book: String, at time: Timestamp) -> String {
    let decay = -SchedulerSettings.defaultParameters[20]
    let factor = pow(0.9, 1 / decay) - 1
    let now = time.secondsSince1970
    let today = time.startOfDay.secondsSince1970
    let year = ReviewStatistics(time: time).historyStart.secondsSince1970
    return """
      SELECT book_id, study_state, count(*) FROM words GROUP BY book_id, study_state;
      SELECT count(*) FILTER (WHERE m.due < \(today + 86_400)),
        count(*) FILTER (WHERE m.due < \(today + 7 * 86_400)),
        avg(pow(1 + \(factor) * max(0, (\(now) - m.last_review) / 86400) / m.stability, \(decay)))
      FROM memory_states m JOIN words w ON w.id = m.word_id WHERE w.book_id = \(book);
      SELECT (r.reviewed_at - \(year)) / 86400 AS day, count(*) FROM words w
      JOIN reviews r ON r.word_id = w.id
      WHERE w.book_id = \(book) AND r.reviewed_at >= \(year) AND r.reviewed_at < \(now + 1)
      GROUP BY day ORDER BY day;
      """
  }

  /// Checks, untimed, that `wordbook` with `arguments` writes exactly what the shell writes
  /// for `statement`, so that the two sides of a case do the same work.
  private func expectSameOutput(_ arguments: [String], as statement: String, options: [String])
    throws
  {
    let ours = try MeasuredRun.run(
      wordbook, ["--db", database] + arguments, errorFile: errors, keepsOutput: true)
    let theirs = try MeasuredRun.run(
      shell, CommandScenario.shellSettings + options + [database, statement], errorFile: errors,
      keepsOutput: true)
    guard ours.output == theirs.output else {
      let first = zip(ours.text.split(separator: "\n"), theirs.text.split(separator: "\n"))
        .first { $0 != $1 }
      throw ChildProcessError(
        description: "wordbook \(arguments.joined(separator: " ")) and the shell differ: "
          + "\(first.map { "\($0.0) | \($0.1)" } ?? "in length")")
    }
  }

  /// Gives every word of the book ``reviewsPerWord`` reviews, three days apart and ending
  /// before `start`, and a memory state: two thirds of the words fell due in the 60 days before
  /// `start` (an hour before it at the latest), the others fall due from a day after it, so the
  /// due words are the same all through the run.
  func fillReviewLog(at start: Timestamp) throws {
    let now = start.secondsSince1970
    let spread = "((w.id * 2654435761) % 7776000)"
    _ = try sql(
      database,
      """
      BEGIN;
      INSERT INTO reviews (word_id, reviewed_at, rating)
        WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < \
      \(Self.reviewsPerWord))
        SELECT w.id, \(now) - 7776000 - (\(Self.reviewsPerWord) - n.k) * 259200 - w.id % 86400,
          1 + (w.id * 7 + n.k * 13) % 4
        FROM words w, n WHERE w.book_id = \(book) ORDER BY w.id, n.k;
      INSERT INTO memory_states (word_id, phase, step, stability, difficulty, due, last_review,
          review_count, lapse_count, generator)
        SELECT w.id, CASE w.id % 10 WHEN 0 THEN 3 WHEN 1 THEN 1 ELSE 2 END, 0,
          1 + (w.id % 1000) / 10.0, 1 + (w.id % 90) / 10.0,
          CASE WHEN \(spread) < 5184000 THEN \(now) - 3600 - \(spread)
            ELSE \(now) + 86400 + \(spread) - 5184000 END,
          \(now) - 7776000 - w.id % 86400, \(Self.reviewsPerWord), w.id % 3, w.id
        FROM words w WHERE w.book_id = \(book);
      COMMIT;
      """)
    let count = try sql(database, "SELECT count(*) FROM reviews").filter(\.isNumber)
    guard count == "\(size * Self.reviewsPerWord)" else {
      throw ChildProcessError(description: "the review log holds \(count) reviews")
    }
  }

  /// `wordbook import-reviews` of a TSV file of ``reviewsPerWord`` reviews for every word
  /// beside the shell's plain fastest import of it
  /// (``SQLiteShell/importReviewsScript(tsv:book:)``), each into a new copy of `wordsOnly`.
  private func importReviewsCase(into wordsOnly: String, before start: Timestamp) throws -> Case {
    let reviews = folder.file("reviews.tsv")
    try CommandScenario.writeReviews(
      to: reviews, count: size, perWord: Self.reviewsPerWord, before: start)
    let script = folder.file("import-reviews.sql")
    try writeTextFile(script, SQLiteShell.importReviewsScript(tsv: reviews, book: book))
    let rows = size * Self.reviewsPerWord
    let megabyte = 1_048_576.0
    var imports = 0
    /// Runs `program` with the arguments for the path of a new copy of the book, checks that
    /// its log holds every row, and deletes it.
    func importing(
      _ program: String, input: String = "/dev/null", _ what: String,
      arguments: @escaping (String) -> [String]
    ) -> () throws -> MeasuredRun {
      {
        imports += 1
        let path = folder.file("reviews\(imports).sqlite")
        _ = try ChildProcess.run("/bin/cp", [wordsOnly, path])
        sync()
        let run = try MeasuredRun.run(program, arguments(path), input: input, errorFile: errors)
        try run.expect(what)
        let count = try sql(path, "SELECT count(*) FROM reviews")
        for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
        guard count == "\(rows)\n" else {
          throw ChildProcessError(description: "\(what) added \(count) reviews, not \(rows)")
        }
        return run
      }
    }
    return Case(
      ours: "importReviews", baseline: "importReviews", limit: 2, memoryLimit: 64 * megabyte,
      runOurs: importing(wordbook, "wordbook import-reviews") { [book] in
        ["--db", $0, "import-reviews", reviews, "--book", book]
      },
      runBaseline: importing(shell, input: script, "sqlite3 .import") {
        CommandScenario.shellSettings + [$0]
      })
  }
}
