#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `wordbook` with no subcommand: the study screen on a terminal, else the list of wordbooks
/// and a note that studying needs a terminal.
struct InteractiveCommand: RunnableCommand {
  static var acceptsRecording: Bool { true }
  static var handlesSignals: Bool { true }

  func run(in session: CommandSession) async throws(CommandFailure) {
    if isatty(STDIN_FILENO) == 1, session.out.isTerminal {
      try await StudyCommand(book: nil).run(in: session)
    } else {
      try await BooksCommand().run(in: session)
      try session.out.writeLine(session.catalogue.text(.studyNeedsTerminal))
    }
  }
}
