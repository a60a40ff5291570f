/// Why a command failed, with its exit status and a one-line message.
struct CommandFailure: Error {
  var status: Int32
  var message: String
  /// Whether the command ends without a message: the reader of its output went away, which is
  /// not an error of the command.
  var isQuiet = false

  static func runtime(_ message: String) -> CommandFailure {
    CommandFailure(status: WordbookCommand.failure, message: message)
  }

  static func usage(_ message: String) -> CommandFailure {
    CommandFailure(status: WordbookCommand.usageFailure, message: message)
  }

  /// The reader closed the pipe early, as `wordbook words 2 | head` does: the command ends
  /// quietly with success, since the reader had what it wanted.
  static let closedPipe = CommandFailure(
    status: WordbookCommand.success, message: "", isQuiet: true)
}
