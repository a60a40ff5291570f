import Wordbook
import WordbookTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Due mode's first screen (issue 27): `wordbook study BOOK --mode due` on a book of N words,
/// each with a log of ``CommandFixture/reviewsPerWord`` reviews and a memory state, two thirds
/// of them due (see ``CommandFixture/fillReviewLog(at:)``). The time runs from the spawn until
/// the screen shows the due count and the most overdue word, beside the `sqlite3` shell reading
/// the due rows, most overdue first, to a pipe.
struct DueScreenScenario: Scenario {
  let name = "dueScreen"

  @MainActor
  func run(size: Int, runs: Int, into results: Results) async throws {
    guard let shell = SQLiteShell.find(results) else { return }
    let wordbook = try CommandScenario.wordbookBinary()
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let fixture = try CommandFixture(size: size, wordbook: wordbook, shell: shell, folder: folder)
    let start = Timestamp(secondsSince1970: Int64(time(nil)))
    try fixture.fillReviewLog(at: start)
    let due =
      "FROM memory_states m JOIN words w ON w.id = m.word_id "
      + "WHERE m.due <= \(start.secondsSince1970) AND w.book_id = \(fixture.book)"
    let dueCount =
      Int(try fixture.sql(fixture.database, "SELECT count(*) \(due)").filter(\.isNumber)) ?? 0
    let mostOverdue = try fixture.sql(
      fixture.database, "SELECT w.term \(due) ORDER BY m.due, m.word_id LIMIT 1"
    ).filter { $0 != "\n" }
    // The header's round counts as the screen writes them once the schedule is in, such as
    // "New 20 · Learning 0 · Due 666,667": their start.
    let counts = StudyScreenText.roundCounts.template(in: .english)
    let header = counts[..<(counts.firstRange(of: "{")?.lowerBound ?? counts.endIndex)]

    var ours: [Double] = []
    var theirs: [Double] = []
    for round in 0...runs {
      let screen = try StudyScreenScenario.timeFirstScreen(
        wordbook, ["--db", fixture.database, "study", fixture.book, "--mode", "due"],
        showing: [String(header), mostOverdue])
      let rows = try MeasuredRun.run(
        shell,
        CommandScenario.shellSettings + [
          "-separator", "\t", fixture.database,
          "SELECT w.id, w.study_state, w.term, w.meaning \(due) ORDER BY m.due, m.word_id",
        ], errorFile: fixture.errors)
      try rows.expect("sqlite3 SELECT the due rows", lines: dueCount)
      if round > 0 {
        ours.append(screen)
        theirs.append(rows.nanoseconds)
      }
    }
    let label = sizeLabel(size)
    let time = Measurement(
      name: "wordbook.dueFirstScreen(\(label))", scenario: name, size: size,
      unit: .nanoseconds, samples: ours)
    let baseline = Measurement(
      name: "sqlite3.selectDue(\(label))", scenario: name, size: size, unit: .nanoseconds,
      samples: theirs)
    results.add(time)
    results.add(baseline)
    results.compare(time, with: baseline, .atMost, 1.5)
  }
}
