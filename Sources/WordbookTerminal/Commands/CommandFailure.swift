import Wordbook

/// Why a command failed, with its exit status and what went wrong, worded in the user's
/// language only when it is reported.
struct CommandFailure: Error {
  var status: Int32
  var problem: CommandProblem
  /// Whether the command ends without a message: the reader of its output went away, which is
  /// not an error of the command.
  var isQuiet = false

  static func runtime(_ problem: CommandProblem) -> CommandFailure {
    CommandFailure(status: WordbookCommand.failure, problem: problem)
  }

  static func service(_ error: WordServiceError) -> CommandFailure {
    .runtime(.service(error))
  }

  static func usage(_ problem: UsageError.Problem) -> CommandFailure {
    CommandFailure(status: WordbookCommand.usageFailure, problem: .usage(UsageError(problem)))
  }

  /// The reader closed the pipe early, as `wordbook words 2 | head` does: the command ends
  /// quietly with success, since the reader had what it wanted.
  static let closedPipe = CommandFailure(
    status: WordbookCommand.success, problem: .other(""), isQuiet: true)

  /// The failure in English.
  var message: String { EnglishCatalogue().describe(problem) }
}
