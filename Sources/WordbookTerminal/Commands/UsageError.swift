import Wordbook

/// A command line that cannot be run as written; exit status 2.
///
/// It holds what is wrong as a ``Problem`` with its values, and the usage line of the
/// subcommand it concerns; `wordbook` words it in the user's language.
public struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong with the command line.
  public enum Problem: Hashable, Sendable {
    /// An argument that is not UTF-8 text, at this position after the program's name
    /// (from 1).
    case argumentNotUTF8(position: Int)
    /// A global option that takes a file was given none.
    case needsFilePath(option: String)
    /// `--record` was given to a subcommand other than the study screen's.
    case recordOnlyForStudy(subcommand: String)
    /// An option no subcommand knows.
    case unknownOption(String)
    /// A subcommand that does not exist.
    case unknownSubcommand(String)
    /// An option the subcommand does not take; `suggestsDashes` when it may be a value that
    /// starts with `-`.
    case unknownSubcommandOption(option: String, subcommand: String, suggestsDashes: Bool)
    /// Too few arguments.
    case missingArguments(subcommand: String)
    /// Too many arguments.
    case tooManyArguments(subcommand: String, limit: Int)
    /// An option without its value.
    case optionNeedsValue(option: String)
    /// An option given twice.
    case optionGivenTwice(option: String)
    /// A word ID that is not a positive number.
    case invalidWordID(String)
    /// An option's value that is not one of the accepted ones.
    case invalidChoice(option: String, accepted: [String], value: String)
    /// `edit` without `--term` or `--meaning`.
    case editNeedsChange
    /// `import` with both `--header` and `--no-header`.
    case conflictingHeaderFlags
    /// `import` without `--book`.
    case importNeedsBook
    /// A `--port` that is not a port number.
    case invalidPort(String)
    /// An empty `--host`.
    case hostNeedsAddress
    /// `serve --peers` where learners do not sign in (a SQLite file, or `--user`).
    case peersNeedSignIn
    /// `serve --replica` with a value that is not a PostgreSQL URL, or where learners do not
    /// sign in (a SQLite file, or `--user`).
    case replicaNeedsSignIn
    /// `stats --replica` or `export --replica` with a value that is not a PostgreSQL URL, or
    /// on a SQLite file.
    case replicaNeedsPostgres
    /// `serve --tls-cert` without `--tls-key`, or the other way round.
    case tlsNeedsCertificateAndKey
    /// `serve --new-key` where learners sign in, whose address has no key.
    case newKeyNeedsOneLearner
    /// `study` without a terminal.
    case studyNeedsTerminal
    /// `--record -` with the study screen, which also writes to standard output.
    case recordOverScreen
    /// `delete-book` without a terminal to ask on and without `--yes`.
    case deleteBookNeedsYes(WordBook.ID)
    /// A PostgreSQL database without `--user`: its wordbooks belong to users.
    case databaseNeedsUser
    /// `users` on a SQLite file, which has one learner and no accounts.
    case usersNeedServer
    /// `users` with a first argument other than add, list, delete or passwd.
    case unknownUsersAction(String)
    /// `users delete` without a terminal to ask on and without `--yes`.
    case deleteUserNeedsYes(String)
    /// `settings` with a key it does not know.
    case unknownSetting(String)
    /// A book's setting (`term-language`) without `--book`, or on a database that keeps none.
    case settingNeedsBook(String)
    /// A language that is not a BCP 47 tag such as `ko-KR`, nor `auto`.
    case invalidLanguage(String)
    /// A value `settings` refuses for the key: out of range or malformed.
    case invalidSetting(SchedulingSetting, value: String)
    /// `settings parameters` with a weight out of its bounds, at this index from 0.
    case invalidParameter(index: Int, value: String)
    /// A rating that is not again, hard, good, easy or 1 to 4.
    case invalidRating(String)
    /// An option's time that is not ISO 8601 with a zone.
    case invalidTime(option: String, value: String)
    /// A review's time outside `Review.timeBounds`, whose next review could not be written.
    case reviewTimeOutOfBounds(option: String, value: String)
    /// `stats --chart` without the book to draw.
    case chartNeedsBook
  }

  /// What is wrong.
  public var problem: Problem
  /// The usage line of the subcommand concerned, shown after the explanation, if any.
  public var usage: String?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - problem: What is wrong.
  ///   - usage: The usage line of the subcommand concerned, if any.
  public init(_ problem: Problem, usage: String? = nil) {
    self.problem = problem
    self.usage = usage
  }

  /// The error in one English line: what is wrong and what to do.
  public var message: String { EnglishCatalogue().describe(self) }

  /// The message.
  public var description: String { message }
}
