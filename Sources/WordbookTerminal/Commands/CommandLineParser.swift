/// Reads `wordbook`'s command line: global options anywhere, then a subcommand and its
/// arguments.
///
/// ```swift
/// try CommandLineParser.parse(["--db", "/tmp/w.sqlite", "add", "Verbs", "가다", "to go"])
/// // Invocation(command: .add(book: "Verbs", term: "가다", meaning: "to go"),
/// //            databasePath: "/tmp/w.sqlite")
/// ```
public enum CommandLineParser {
  /// The version `--version` prints.
  public static let version = "1.0.0"

  /// Parses the arguments after the program name.
  ///
  /// Global options (`--db PATH`, `--record FILE`, `--help`, `--version`, each also as
  /// `--name=value`) may come before or after the subcommand; `--` ends the options.
  ///
  /// - Parameter arguments: The arguments, without the program name.
  /// - Returns: What to run.
  /// - Throws: ``UsageError`` for an unknown subcommand or option, a missing value or a wrong
  ///   number of arguments.
  public static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
    var invocation = Invocation(command: .interactive)
    var rest: [String] = []
    var wantsHelp = false
    var wantsVersion = false
    var index = 0
    var firstLiteral: Int?
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if firstLiteral != nil || !argument.hasPrefix("--") {
        rest.append(argument)
        continue
      }
      let (name, inlineValue) = split(argument)
      switch name {
      case "--":
        firstLiteral = rest.count
      case "--db", "--record":
        let value: String
        if let inlineValue {
          value = inlineValue
        } else if index < arguments.count {
          value = arguments[index]
          index += 1
        } else {
          throw UsageError(.needsFilePath(option: name))
        }
        guard !value.isEmpty else { throw UsageError(.needsFilePath(option: name)) }
        if name == "--db" { invocation.databasePath = value } else { invocation.recordPath = value }
      case "--help":
        wantsHelp = true
      case "--version":
        wantsVersion = true
      default:
        rest.append(argument)
      }
    }
    if rest.first == "-h", firstLiteral != 0 { wantsHelp = true }
    if wantsHelp {
      invocation.command = .help
    } else if wantsVersion {
      invocation.command = .version
    } else if let name = rest.first {
      invocation.command = try subcommand(
        name, arguments: Array(rest.dropFirst()), firstLiteral: firstLiteral.map { max($0 - 1, 0) })
    }
    switch invocation.command {
    case .interactive, .study, .help, .version: break
    default:
      // Subcommands work on the database directly, not through the store that records.
      if invocation.recordPath != nil {
        throw UsageError(.recordOnlyForStudy(subcommand: rest.first ?? ""))
      }
    }
    return invocation
  }

  private static func subcommand(
    _ name: String, arguments: [String], firstLiteral: Int?
  ) throws(UsageError) -> Command {
    guard let subcommand = Subcommand.all.first(where: { $0.name == name }) else {
      if name.hasPrefix("-") {
        throw UsageError(.unknownOption(name))
      }
      throw UsageError(.unknownSubcommand(name))
    }
    return try subcommand.parse(arguments, firstLiteral: firstLiteral)
  }

  private static func split(_ argument: String) -> (name: String, value: String?) {
    guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  /// The text `--help` prints, every line within 80 columns.
  public static var usage: String {
    """
    Usage: wordbook [--db PATH] [--record FILE] [SUBCOMMAND [ARGUMENTS]]

    With no subcommand, opens the study screen when run on a terminal.

    Subcommands:
    \(Subcommand.all.map(\.helpLines).joined(separator: "\n"))

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
                      $XDG_DATA_HOME/wordbook/wordbook.sqlite)
      --record FILE   write the study session's actions to FILE as JSON Lines
      --help, -h      show this help
      --version       show the version

    Exit status: 0 on success, 1 on a runtime error, 2 on a usage error.
    """
  }
}

extension Subcommand {
  /// The column where the summaries of `--help` start.
  private static let summaryColumn = 30
  /// The width `--help` fits in.
  private static let helpWidth = 80

  /// The subcommand's lines in `--help`: its name and arguments, wrapped at a space to fit,
  /// and its summary, on the same line when there is room.
  var helpLines: String {
    let indent = String(repeating: " ", count: 4 + name.count)
    var lines = ["  " + name]
    for word in argumentGroups {
      if lines[lines.count - 1].count + 1 + word.count > Self.helpWidth {
        lines.append(indent + word)
      } else {
        lines[lines.count - 1] += " " + word
      }
    }
    let summaryIndent = String(repeating: " ", count: Self.summaryColumn)
    if lines.count == 1, lines[0].count + 2 <= Self.summaryColumn {
      lines[0] += String(repeating: " ", count: Self.summaryColumn - lines[0].count) + summary
    } else {
      lines.append(summaryIndent + summary)
    }
    return lines.joined(separator: "\n")
  }

  /// The arguments split at the spaces outside brackets, so an option stays with its value.
  private var argumentGroups: [String] {
    var groups: [String] = []
    var current = ""
    var depth = 0
    for character in arguments {
      if character == " " && depth == 0 {
        if !current.isEmpty { groups.append(current) }
        current = ""
        continue
      }
      if character == "[" { depth += 1 } else if character == "]" { depth -= 1 }
      current.append(character)
    }
    if !current.isEmpty { groups.append(current) }
    return groups
  }
}
