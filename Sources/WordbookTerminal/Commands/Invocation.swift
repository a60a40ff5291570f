/// A parsed command line: the command and the global options.
struct Invocation: Equatable, Sendable {
  /// What to do.
  var command: any RunnableCommand
  /// The database file given with `--db`, if any.
  var databasePath: String?
  /// The file given with `--record`, to write the session's action log to, if any.
  var recordPath: String?
  /// The user given with `--user`, whose wordbooks a PostgreSQL database holds, if any.
  var userName: String?

  /// Creates an invocation.
  init(
    command: any RunnableCommand = InteractiveCommand(), databasePath: String? = nil,
    recordPath: String? = nil, userName: String? = nil
  ) {
    self.command = command
    self.databasePath = databasePath
    self.recordPath = recordPath
    self.userName = userName
  }

  static func == (lhs: Invocation, rhs: Invocation) -> Bool {
    lhs.command.isSame(as: rhs.command) && lhs.databasePath == rhs.databasePath
      && lhs.recordPath == rhs.recordPath && lhs.userName == rhs.userName
  }
}
