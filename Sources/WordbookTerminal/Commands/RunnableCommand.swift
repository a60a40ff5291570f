/// What one run of `wordbook` was asked to do, parsed and ready to run: a subcommand with its
/// arguments, the study screen, `--help` or `--version`.
protocol RunnableCommand: Equatable, Sendable {
  /// Whether `--record` may be given with it: only the study screen records (`--help` and
  /// `--version` ignore it).
  static var acceptsRecording: Bool { get }

  /// Whether the command handles SIGINT, SIGTERM and SIGHUP itself, as the study screen (which
  /// saves its marks first) and `serve` (which ends its pages' sessions) do; the others are
  /// ended by ``CommandInterruption``.
  static var handlesSignals: Bool { get }

  /// The URL of a hot standby of the PostgreSQL database that the command's session reads
  /// from when it has replayed the learner's newest change (`stats` and `export` take
  /// `--replica URL`; `serve`'s learners' services get theirs elsewhere); `nil` for none.
  var sessionReplica: String? { get }

  /// Runs the command on the opened database.
  ///
  /// - Throws: ``CommandFailure`` with the exit status and what went wrong.
  @MainActor func run(in session: CommandSession) async throws(CommandFailure)
}

extension RunnableCommand {
  static var acceptsRecording: Bool { false }

  static var handlesSignals: Bool { false }

  var sessionReplica: String? { nil }

  /// Whether `other` is this command with the same arguments.
  func isSame(as other: any RunnableCommand) -> Bool {
    (other as? Self) == self
  }
}

/// A command that needs no database: `--help`, `--version` and `replay` run without opening
/// or creating one.
protocol StandaloneCommand: RunnableCommand {
  /// Runs the command, writing to `output`.
  ///
  /// - Throws: ``CommandFailure`` with the exit status and what went wrong.
  @MainActor func run(output: TerminalOutput, catalogue: any TerminalCatalogue)
    throws(CommandFailure)
}

extension StandaloneCommand {
  @MainActor func run(in session: CommandSession) async throws(CommandFailure) {
    try run(output: .standardOutput, catalogue: session.catalogue)
  }
}
