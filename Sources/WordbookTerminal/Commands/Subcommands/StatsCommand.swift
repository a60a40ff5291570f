import Wordbook
import WordbookInterchange

/// `wordbook stats [BOOK] [--at TIME] [--chart FILE] [--replica URL]`: the success, fail and
/// not-studied counts of one wordbook or each, counted by the database (by a hot standby of it,
/// with `--replica`, when it has replayed the learner's newest change).
///
/// For one book, a second line tells the words due today and this week and the average
/// retrievability of the words reviewed, at `--at` or now, and a third how well the scheduler's
/// parameters predict the book's reviews (log loss and RMSE(bins)); `--chart` writes the book's review
/// heatmap and 30-day forecast as an SVG file, by the rules of ``OutputFile`` (never over the
/// database, atomically over an existing file).
struct StatsCommand: Subcommand {
  static let name = "stats"
  static let arguments = "[BOOK] [--at TIME] [--chart FILE] [--replica URL]"
  static let summary = "count words by study state, and what is due"

  /// The book, by ID or title; `nil` for every book.
  var book: String?
  /// The moment the statistics of one book describe; `nil` for now.
  var time: Timestamp? = nil
  /// The file to write the book's review chart to; `nil` for none.
  var chart: String? = nil
  /// The URL of a hot standby of the PostgreSQL database to read from; `nil` for none.
  var replica: String? = nil

  var sessionReplica: String? { replica }

  func run(in session: CommandSession) async throws(CommandFailure) {
    guard let book else {
      let tallies = try await tallies(in: session)
      for book in try await session.books() {
        try session.out.writeLine(
          session.catalogue.text(.stats(book, tallies[book.id] ?? StudyTally())))
      }
      return
    }
    // Opened first, so a chart path that names the database is refused before anything is read.
    let output = try chart.map { path throws(CommandFailure) in
      try OutputFile.open(path, for: "--chart", protecting: session.protected)
    }
    do throws(CommandFailure) {
      let book = try await session.book(book)
      let time = time ?? Timestamp.now
      let statistics = try await session.call { () async throws(WordServiceError) in
        try await session.service.fetchReviewStatistics(of: book.id, at: time)
      }
      if let output {
        var svg = ReviewChart.svg(
          statistics, book: book.title, labels: ReviewChartLabels(session.catalogue.language))
        if output.isTerminal { svg = svg.escapedForTerminal(keepingLineBreaks: true) }
        try output.write(svg)
        let isStandardOutput = output.isStandardOutput
        try output.commit()
        // The chart alone goes to standard output, so that it can be piped on whole.
        if isStandardOutput { return }
      }
      let tally = try await tallies(in: session)[book.id] ?? StudyTally()
      try session.out.writeLine(session.catalogue.text(.stats(book, tally)))
      try session.out.writeLine(session.catalogue.text(.reviewStatistics(book, statistics)))
      try session.out.writeLine(session.catalogue.text(.prediction(book, statistics.prediction)))
      if let output {
        try session.out.writeLine(session.catalogue.text(.chartWritten(book, file: output.name)))
      }
    } catch {
      output?.discard()
      throw error
    }
  }

  private func tallies(in session: CommandSession) async throws(CommandFailure)
    -> [WordBook.ID: StudyTally]
  {
    try await session.call { () async throws(WordServiceError) in
      try await session.service.fetchTallies()
    }
  }
}

extension StatsCommand {
  init(parsing arguments: SubcommandArguments) throws(UsageError) {
    let split = try arguments.split(
      required: 0, optional: 1, options: ["at", "chart", "replica"])
    self.init(
      book: split.values.first, time: try arguments.time(split.options["at"], of: "at"),
      chart: split.options["chart"], replica: try arguments.replica(split.options["replica"]))
    if book == nil, chart != nil { throw UsageError(.chartNeedsBook, usage: arguments.usage) }
  }
}
