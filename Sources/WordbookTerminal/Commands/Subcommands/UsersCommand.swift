import WordbookPostgres

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `wordbook users add|list|delete|passwd [NAME] [--yes]`: the accounts of a PostgreSQL
/// database, for its administrator (the database's own credentials in the URL guard it).
///
/// - `add NAME` and `passwd NAME` read the password from standard input: asked twice on a
///   terminal, else the first line.
/// - `list` writes one tab-separated line per user: name, books, words, and `password` or
///   `no-password` (a user `--user` created cannot sign in until `passwd` gives them one).
/// - `delete NAME` deletes the user and all that is theirs; it asks on a terminal unless
///   `--yes` was given, and without a terminal it needs `--yes`.
struct UsersCommand: Subcommand {
  static let name = "users"
  static let arguments = "add|list|delete|passwd [NAME] [--yes]"
  static let summary = "manage the users of a PostgreSQL database"

  /// What to do.
  enum Action: String, CaseIterable, Sendable {
    case add, list, delete, passwd
  }

  var action: Action
  /// The user, for every action but `list`.
  var user: String
  /// Whether `--yes` answered `delete`'s question ahead.
  var confirmed: Bool

  /// Runs on the PostgreSQL database at `url`; the dispatcher refuses a SQLite file first.
  @MainActor func run(onServer url: String, catalogue: any TerminalCatalogue, out: OutputFile)
    async throws(CommandFailure)
  {
    let accounts = try await Self.calling { () async throws(AccountError) in
      try await PostgresAccounts(url: url)
    }
    switch action {
    case .list:
      for account in try await Self.calling({ () async throws(AccountError) in
        try await accounts.accounts()
      }) {
        try out.writeLine(
          account.name.escapedForTerminal + "\t\(account.bookCount)\t\(account.wordCount)\t"
            + (account.hasPassword ? "password" : "no-password"))
      }
    case .add, .passwd:
      let password = try PasswordInput.newPassword(
        prompt: catalogue.text(.passwordPrompt(user: user)),
        again: catalogue.text(.passwordAgainPrompt))
      try await Self.calling { [action, user] () async throws(AccountError) in
        if action == .add {
          try await accounts.add(user, password: password)
        } else {
          try await accounts.setPassword(password, of: user)
        }
      }
      try out.writeLine(
        catalogue.text(action == .add ? .addedUser(user) : .changedPassword(user: user)))
    case .delete:
      if !confirmed {
        guard isatty(STDIN_FILENO) == 1 else { throw .usage(.deleteUserNeedsYes(user)) }
        _ = TerminalOutput.standardError.write(catalogue.text(.deleteUserQuestion(user)))
        let answer = readLine(strippingNewline: true) ?? ""
        guard catalogue.yesAnswers.contains(answer.wordbookTitleKey) else {
          throw .runtime(.userNotDeleted(user))
        }
      }
      try await Self.calling { [user] () async throws(AccountError) in
        try await accounts.delete(user)
      }
      try out.writeLine(catalogue.text(.deletedUser(user)))
    }
  }

  @MainActor func run(in session: CommandSession) async throws(CommandFailure) {
    // A session has opened a SQLite file or one user's wordbooks; accounts are neither.
    throw .usage(.usersNeedServer)
  }

  /// Calls the accounts, turning their error into the command's.
  @MainActor private static func calling<Value>(
    _ body: () async throws(AccountError) -> Value
  )
    async throws(CommandFailure) -> Value
  {
    do {
      return try await body()
    } catch {
      throw .runtime(.account(error))
    }
  }
}

extension UsersCommand {
  init(parsing arguments: SubcommandArguments) throws(UsageError) {
    let split = try arguments.split(required: 1, optional: 1, flags: ["yes"])
    guard let action = Action(rawValue: split.values[0].lowercased()) else {
      throw UsageError(.unknownUsersAction(split.values[0]), usage: arguments.usage)
    }
    self.action = action
    guard action == .list || split.values.count == 2 else {
      throw UsageError(.missingArguments(subcommand: Self.name), usage: arguments.usage)
    }
    guard action != .list || split.values.count == 1 else {
      throw UsageError(.tooManyArguments(subcommand: Self.name, limit: 1), usage: arguments.usage)
    }
    user = split.values.count == 2 ? split.values[1] : ""
    confirmed = split.flags.contains("yes")
  }
}
