/// One subcommand of `wordbook`, in its own file under `Subcommands/`: its name and usage, how
/// it reads its arguments, and how it runs.
///
/// Adding a subcommand is writing one type that conforms and listing it in
/// ``SubcommandRegistry/all``; the parser, `--help` and the usage errors follow from them.
protocol Subcommand: RunnableCommand {
  /// The word that selects the subcommand, such as `add`.
  static var name: String { get }
  /// The arguments as the usage shows them, such as `BOOK TERM MEANING`.
  static var arguments: String { get }
  /// What the subcommand does, in a few words.
  static var summary: String { get }

  /// Reads the arguments that follow the subcommand's name.
  ///
  /// - Throws: ``UsageError`` naming the subcommand's usage.
  init(parsing arguments: SubcommandArguments) throws(UsageError)
}

extension Subcommand {
  /// The usage line, such as `wordbook add BOOK TERM MEANING`.
  static var usage: String {
    arguments.isEmpty ? "wordbook \(name)" : "wordbook \(name) \(arguments)"
  }

  /// Reads the arguments after the subcommand's name, global options and `--` removed.
  ///
  /// - Parameters:
  ///   - values: The arguments.
  ///   - firstLiteral: The index of the first one that came after `--`, a value even when it
  ///     starts with a dash; `nil` when there was no `--`.
  static func parse(_ values: [String], firstLiteral: Int?) throws(UsageError) -> Self {
    try Self(
      parsing: SubcommandArguments(
        values: values, firstLiteral: firstLiteral ?? values.count, name: name, usage: usage))
  }
}

extension Subcommand {
  /// The column where the summaries of `--help` start.
  private static var summaryColumn: Int { 30 }
  /// The width `--help` fits in.
  private static var helpWidth: Int { 80 }

  /// The subcommand's lines in `--help`: its name and arguments, wrapped at a space to fit,
  /// and its summary, on the same line when there is room.
  static var helpLines: String {
    let indent = String(repeating: " ", count: 4 + name.count)
    var lines = ["  " + name]
    for word in argumentGroups {
      if lines[lines.count - 1].count + 1 + word.count > helpWidth {
        lines.append(indent + word)
      } else {
        lines[lines.count - 1] += " " + word
      }
    }
    let summaryIndent = String(repeating: " ", count: summaryColumn)
    if lines.count == 1, lines[0].count + 2 <= summaryColumn {
      lines[0] += String(repeating: " ", count: summaryColumn - lines[0].count) + summary
    } else {
      lines.append(summaryIndent + summary)
    }
    return lines.joined(separator: "\n")
  }

  /// The arguments split at the spaces outside brackets, so an option stays with its value.
  private static var argumentGroups: [String] {
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
