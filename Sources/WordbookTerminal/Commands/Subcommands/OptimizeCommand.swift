import Wordbook

/// `wordbook optimize [BOOK] [--apply]`: fits FSRS-6's parameters to the reviews of one book,
/// or of every book, and prints how well today's parameters and the fitted ones predict them.
///
/// Two tab-separated lines: `current`, the log loss, the RMSE(bins) and the items of today's
/// parameters; `fitted`, the same three figures and the 21 fitted parameters separated by
/// commas. With `--apply` the fitted parameters become the database's `parameters` setting
/// when they lower RMSE(bins), as Anki decides, and every word's memory is replayed with them
/// in the same transaction; otherwise the current ones are kept and the line says why. A fit
/// shows a progress bar on a terminal; Ctrl-C stops it and changes nothing.
struct OptimizeCommand: Subcommand {
  static let name = "optimize"
  static let arguments = "[BOOK] [--apply]"
  static let summary = "fit the scheduler's parameters to your reviews"

  /// The book, by ID or title; `nil` for every book.
  var book: String?
  /// Whether to store the fitted parameters when they predict better.
  var apply = false

  func run(in session: CommandSession) async throws(CommandFailure) {
    var bookID: WordBook.ID?
    if let book { bookID = try await session.book(book).id }
    let settings = try await session.call { () async throws(WordServiceError) in
      try await session.service.reviewSettings()
    }
    let service = session.service
    let now = Timestamp.now
    let bar = FitProgressBar(catalogue: session.catalogue)
    let result = try await CommandInterruption.shared.runCancellable { [bookID] in
      let history = try await service.fetchReviewHistory(in: bookID, at: now)
      let optimizer = ParameterOptimizer(
        history: history, relearningSteps: settings.scheduler.relearningSteps.count)
      let current = optimizer.evaluation(of: settings.scheduler.parameters)
      return (current, try optimizer.fit(progress: bar.report))
    }
    bar.finish()
    let (current, fit): (ParameterEvaluation?, ParameterFit)
    switch result {
    case .success(let answer): (current, fit) = answer
    case .failure(let error as WordServiceError): throw .service(error)
    case .failure(let error as ParameterFitError): throw .runtime(.parameterFitFailed(error))
    case .failure(let error): throw .runtime(.other(String(describing: error)))
    }
    // A fit needs items, so the history had some to score today's parameters on.
    guard let current else { throw .runtime(.parameterFitFailed(.diverged)) }
    try session.out.writeLine(Self.line("current", current))
    try session.out.writeLine(
      Self.line("fitted", fit.evaluation) + "\t"
        + fit.parameters.map { String($0) }.joined(separator: ","))
    guard apply else { return }
    guard fit.evaluation.rmseBins < current.rmseBins else {
      try session.out.writeLine(
        session.catalogue.text(.parametersKept(current: current, fitted: fit.evaluation)))
      return
    }
    try await session.call { () async throws(WordServiceError) in
      // Read again, so that a setting changed meanwhile by another process is kept.
      var stored = try await service.reviewSettings()
      let scheduler = stored.scheduler
      do {
        stored.scheduler = try SchedulerSettings(
          parameters: fit.parameters, desiredRetention: scheduler.desiredRetention,
          learningSteps: scheduler.learningSteps, relearningSteps: scheduler.relearningSteps,
          maximumInterval: scheduler.maximumInterval, isFuzzEnabled: scheduler.isFuzzEnabled)
      } catch {
        throw WordServiceError(.invalidInput, "\(error)")
      }
      try await service.setReviewSettings(stored)
    }
    try session.out.writeLine(
      session.catalogue.text(.parametersApplied(current: current, fitted: fit.evaluation)))
  }

  /// A data line: its label, the log loss and RMSE(bins) to six decimals, and the items.
  static func line(_ label: String, _ evaluation: ParameterEvaluation) -> String {
    [
      label, EnglishCatalogue.decimal(evaluation.logLoss, places: 6),
      EnglishCatalogue.decimal(evaluation.rmseBins, places: 6), String(evaluation.itemCount),
    ].joined(separator: "\t")
  }
}

extension OptimizeCommand {
  init(parsing arguments: SubcommandArguments) throws(UsageError) {
    let split = try arguments.split(required: 0, optional: 1, flags: ["apply"])
    self.init(book: split.values.first, apply: split.flags.contains("apply"))
  }
}
