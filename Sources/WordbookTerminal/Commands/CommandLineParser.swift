/// Reads `wordbook`'s command line: global options anywhere, then a subcommand and its
/// arguments.
///
/// ```swift
/// try CommandLineParser.parse(["--db", "/tmp/w.sqlite", "add", "Verbs", "가다", "to go"])
/// // Invocation(command: AddCommand(book: "Verbs", term: "가다", meaning: "to go"),
/// //            databasePath: "/tmp/w.sqlite")
/// ```
enum CommandLineParser {
  /// The version `--version` prints.
  static let version = "1.0.0"

  /// Parses the arguments after the program name.
  ///
  /// Global options (`--db PATH`, `--user NAME`, `--record FILE`, `--help`, `--version`, the
  /// first three also as `--name=value`) may come before or after the subcommand; `--` ends the options.
  ///
  /// - Parameter arguments: The arguments, without the program name.
  /// - Returns: What to run.
  /// - Throws: ``UsageError`` for an unknown subcommand or option, a missing value or a wrong
  ///   number of arguments.
  static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
    let split: ArgumentSplitter.Split
    do {
      split = try ArgumentSplitter(
        options: ["db", "record", "user"], flags: ["help", "version"]
      )
      .split(arguments)
    } catch {
      guard case .optionNeedsValue(let name) = error.problem, name != "user" else { throw error }
      throw UsageError(.needsFilePath(option: "--" + name))
    }
    if split.options["user"]?.trimmingWhitespace().isEmpty == true {
      throw UsageError(.optionNeedsValue(option: "--user"))
    }
    for name in ["db", "record"] where split.options[name]?.isEmpty == true {
      throw UsageError(.needsFilePath(option: "--" + name))
    }
    var invocation = Invocation(
      databasePath: split.options["db"], recordPath: split.options["record"],
      userName: split.options["user"])
    let rest = split.values
    if split.flags.contains("help") || rest.first == "-h" && split.firstLiteral != 0 {
      invocation.command = HelpCommand()
    } else if split.flags.contains("version") {
      invocation.command = VersionCommand()
    } else if let name = rest.first {
      guard let subcommand = SubcommandRegistry.subcommand(named: name) else {
        throw UsageError(name.hasPrefix("-") ? .unknownOption(name) : .unknownSubcommand(name))
      }
      invocation.command = try subcommand.parse(
        Array(rest.dropFirst()), firstLiteral: split.firstLiteral.map { max($0 - 1, 0) })
    }
    // Subcommands work on the database directly, not through the store that records.
    if invocation.recordPath != nil, !type(of: invocation.command).acceptsRecording {
      throw UsageError(.recordOnlyForStudy(subcommand: rest.first ?? ""))
    }
    return invocation
  }

  /// The text `--help` prints, every line within 80 columns.
  static var usage: String {
    """
    Usage: wordbook [--db PATH|URL] [--user NAME] [--record FILE] [SUBCOMMAND ...]

    With no subcommand, opens the study screen when run on a terminal.

    Subcommands:
    \(SubcommandRegistry.all.map { $0.helpLines }.joined(separator: "\n"))

    BOOK is a wordbook's ID (7 or #7) or its title, compared ignoring case and
    surrounding spaces; write title:TEXT for a title that is a number. BOOK never
    creates a book, except import --book with a title that no book has.

    Import: a row with the term and meaning of a card of the book is a duplicate,
    and a row with a known term and a new meaning a homonym, always added as a new
    card. --on-duplicate skip (default) leaves the card as it is; update sets its
    study state when the row records success or fail (never back to not studied);
    keep adds the row again. C (--term-column, --meaning-column, --state-column) is
    a header name or a number from 1; a file of more than two columns without a
    header naming them needs these options. A file with no card to import exits 1
    and changes nothing; rejected lines go to stderr.

    Options:
      --db PATH       use the database at PATH (default: $WORDBOOK_DB, then
                      $XDG_DATA_HOME/wordbook/wordbook.sqlite), or the PostgreSQL
                      database at a postgresql:// URL
      --user NAME     the user whose wordbooks to use on PostgreSQL (created if new)
      --record FILE   write the study session's actions to FILE as JSON Lines
      --help, -h      show this help
      --version       show the version

    Exit status: 0 on success, 1 on a runtime error, 2 on a usage error.
    """
  }
}
