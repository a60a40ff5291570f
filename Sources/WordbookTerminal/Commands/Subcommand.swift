/// One subcommand of `wordbook`: its name, its usage line and how to read its arguments.
///
/// Adding a subcommand is adding a value to ``all``, a case to ``Command`` and its branch in
/// ``WordbookCommand``; the parser, the usage text and the error messages follow from this table.
public struct Subcommand: Sendable {
  /// The word that selects the subcommand, such as `add`.
  public var name: String
  /// The arguments as shown in the usage, such as `BOOK TERM MEANING`.
  public var arguments: String
  /// What the subcommand does, in a few words.
  public var summary: String
  private var read: @Sendable (SubcommandArguments) throws(UsageError) -> Command

  /// Creates a subcommand.
  ///
  /// - Parameters:
  ///   - name: The word that selects it.
  ///   - arguments: Its arguments as the usage shows them.
  ///   - summary: What it does.
  ///   - read: Turns the arguments after the name (global options removed) into a command.
  public init(
    name: String, arguments: String, summary: String,
    read: @escaping @Sendable (SubcommandArguments) throws(UsageError) -> Command
  ) {
    self.name = name
    self.arguments = arguments
    self.summary = summary
    self.read = read
  }

  /// The usage line, such as `wordbook add BOOK TERM MEANING`.
  public var usage: String {
    arguments.isEmpty ? "wordbook \(name)" : "wordbook \(name) \(arguments)"
  }

  /// Reads the arguments that follow the subcommand's name.
  ///
  /// - Throws: ``UsageError`` naming this subcommand's usage.
  ///
  /// - Parameters:
  ///   - arguments: The arguments, global options and `--` removed.
  ///   - firstLiteral: The index of the first argument that came after `--`, which is a value
  ///     even when it starts with `-`; `nil` when there was no `--`.
  public func parse(_ arguments: [String], firstLiteral: Int? = nil) throws(UsageError) -> Command {
    try read(
      SubcommandArguments(
        values: arguments, firstLiteral: firstLiteral ?? arguments.count, name: name, usage: usage))
  }
}

/// The arguments given to one subcommand, with checks that name its usage when they fail.
public struct SubcommandArguments: Sendable {
  /// The arguments after the subcommand's name, global options removed.
  public var values: [String]
  /// The index of the first value that came after `--`.
  public var firstLiteral: Int
  /// The subcommand's name.
  public var name: String
  /// The subcommand's usage line.
  public var usage: String

  /// Checks that the arguments are between `required` and `required + optional` plain values
  /// and no option.
  ///
  /// - Returns: The values.
  /// - Throws: ``UsageError`` when there are too few, too many, or an option.
  public func positionals(required: Int, optional: Int = 0) throws(UsageError) -> [String] {
    if let option = values.prefix(firstLiteral).first(where: { $0.hasPrefix("-") && $0 != "-" }) {
      throw UsageError(
        "unknown option '\(option)' for '\(name)'. Usage: \(usage) "
          + "(put -- before a value that starts with -)")
    }
    guard values.count >= required else {
      throw UsageError("'\(name)' is missing arguments. Usage: \(usage)")
    }
    guard values.count <= required + optional else {
      throw UsageError("'\(name)' takes at most \(required + optional) arguments. Usage: \(usage)")
    }
    return values
  }
}

extension Subcommand {
  /// Every subcommand, in the order the usage lists them.
  public static let all: [Subcommand] = [
    Subcommand(name: "books", arguments: "", summary: "list the wordbooks") {
      arguments throws(UsageError) in
      _ = try arguments.positionals(required: 0)
      return .books
    },
    Subcommand(name: "new-book", arguments: "TITLE", summary: "create a wordbook") {
      arguments throws(UsageError) in
      .newBook(title: try arguments.positionals(required: 1)[0])
    },
    Subcommand(name: "add", arguments: "BOOK TERM MEANING", summary: "add a word to a wordbook") {
      arguments throws(UsageError) in
      let values = try arguments.positionals(required: 3)
      return .add(book: values[0], term: values[1], meaning: values[2])
    },
    Subcommand(name: "words", arguments: "BOOK", summary: "list the words of a wordbook") {
      arguments throws(UsageError) in
      .words(book: try arguments.positionals(required: 1)[0])
    },
    Subcommand(
      name: "stats", arguments: "[BOOK]", summary: "count success, fail and not studied words"
    ) { arguments throws(UsageError) in
      .stats(book: try arguments.positionals(required: 0, optional: 1).first)
    },
    Subcommand(name: "study", arguments: "[BOOK]", summary: "open the study screen on a wordbook") {
      arguments throws(UsageError) in
      .study(book: try arguments.positionals(required: 0, optional: 1).first)
    },
    Subcommand(
      name: "replay", arguments: "FILE", summary: "re-run a --record log and print the result"
    ) { arguments throws(UsageError) in
      .replay(file: try arguments.positionals(required: 1)[0])
    },
    Subcommand(name: "help", arguments: "", summary: "show this help") {
      arguments throws(UsageError) in
      _ = try arguments.positionals(required: 0)
      return .help
    },
  ]
}
