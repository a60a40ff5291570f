import Wordbook
import WordbookInterchange

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
        .unknownSubcommandOption(option: option, subcommand: name, suggestsDashes: true),
        usage: usage)
    }
    return try positionals(in: values, required: required, optional: optional)
  }

  /// Checks that `values`, already split from their options, are between `required` and
  /// `required + optional` in number.
  ///
  /// - Returns: The values.
  /// - Throws: ``UsageError`` when there are too few or too many.
  public func positionals(in values: [String], required: Int, optional: Int = 0)
    throws(UsageError) -> [String]
  {
    guard values.count >= required else {
      throw UsageError(.missingArguments(subcommand: name), usage: usage)
    }
    guard values.count <= required + optional else {
      throw UsageError(
        .tooManyArguments(subcommand: name, limit: required + optional), usage: usage)
    }
    return values
  }

  /// Splits the arguments into plain values and the options named in `names` (without their
  /// dashes), each given as `--name value` or `--name=value`.
  ///
  /// - Returns: The plain values and each option's value.
  /// - Throws: ``UsageError`` for an option not in `names`, one without a value, or one given
  ///   twice.
  public func options(_ names: Set<String>) throws(UsageError) -> (
    values: [String], options: [String: String]
  ) {
    var values: [String] = []
    var options: [String: String] = [:]
    var index = 0
    while index < self.values.count {
      let argument = self.values[index]
      index += 1
      guard index <= firstLiteral, argument.hasPrefix("--") else {
        values.append(argument)
        continue
      }
      let body = argument.dropFirst(2)
      let name = String(body.prefix { $0 != "=" })
      guard names.contains(name) else {
        throw UsageError(
          .unknownSubcommandOption(
            option: "--" + name, subcommand: self.name, suggestsDashes: false),
          usage: usage)
      }
      let value: String
      if body.contains("=") {
        value = String(body.drop { $0 != "=" }.dropFirst())
      } else if index < self.values.count {
        value = self.values[index]
        index += 1
      } else {
        throw UsageError(.optionNeedsValue(option: name), usage: usage)
      }
      guard options.updateValue(value, forKey: name) == nil else {
        throw UsageError(.optionGivenTwice(option: name), usage: usage)
      }
    }
    return (values, options)
  }

  /// Takes out a flag such as `--yes` given before `--`.
  ///
  /// - Returns: Whether the flag was given, and the other arguments.
  public func removingFlag(_ name: String) -> (isSet: Bool, rest: SubcommandArguments) {
    let flag = "--" + name
    let options = values.prefix(firstLiteral)
    let kept = options.filter { $0 != flag }
    var rest = self
    rest.values = kept + values.dropFirst(firstLiteral)
    rest.firstLiteral = kept.count
    return (kept.count < options.count, rest)
  }

  /// A word ID given as an argument.
  ///
  /// - Throws: ``UsageError`` when `value` is not a positive number.
  public func wordID(_ value: String) throws(UsageError) -> Word.ID {
    guard value.allSatisfy({ $0.isASCII && $0.isNumber }), let raw = Int64(value), raw > 0 else {
      throw UsageError(.invalidWordID(value), usage: usage)
    }
    return Word.ID(raw)
  }

  /// The value of an option that must be one of `Choice`'s raw values.
  ///
  /// - Throws: ``UsageError`` listing the accepted values.
  public func choice<Choice: RawRepresentable & CaseIterable>(
    _ value: String?, of option: String, as type: Choice.Type = Choice.self
  ) throws(UsageError) -> Choice? where Choice.RawValue == String {
    guard let value else { return nil }
    guard let choice = Choice(rawValue: value.lowercased()) else {
      throw UsageError(
        .invalidChoice(option: option, accepted: Choice.allCases.map(\.rawValue), value: value),
        usage: usage)
    }
    return choice
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
      name: "search", arguments: "QUERY [--book BOOK]",
      summary: "find words: ID, book, state, term, meaning"
    ) { arguments throws(UsageError) in
      let (values, options) = try arguments.options(["book"])
      return .search(
        query: try arguments.positionals(in: values, required: 1)[0], book: options["book"])
    },
    Subcommand(
      name: "edit", arguments: "BOOK WORD_ID [--term TERM] [--meaning MEANING]",
      summary: "change a word's term or meaning"
    ) { arguments throws(UsageError) in
      let (values, options) = try arguments.options(["term", "meaning"])
      let positionals = try arguments.positionals(in: values, required: 2)
      guard options["term"] != nil || options["meaning"] != nil else {
        throw UsageError(.editNeedsChange, usage: arguments.usage)
      }
      return .edit(
        book: positionals[0], word: try arguments.wordID(positionals[1]), term: options["term"],
        meaning: options["meaning"])
    },
    Subcommand(name: "delete", arguments: "BOOK WORD_ID...", summary: "delete words of a wordbook")
    {
      arguments throws(UsageError) in
      let values = try arguments.positionals(required: 2, optional: arguments.values.count)
      var words: [Word.ID] = []
      for value in values.dropFirst() { words.append(try arguments.wordID(value)) }
      return .delete(book: values[0], words: words)
    },
    Subcommand(name: "rename-book", arguments: "BOOK TITLE", summary: "rename a wordbook") {
      arguments throws(UsageError) in
      let values = try arguments.positionals(required: 2)
      return .renameBook(book: values[0], title: values[1])
    },
    Subcommand(
      name: "delete-book", arguments: "BOOK [--yes]",
      summary: "delete a wordbook and its words (asks first)"
    ) { arguments throws(UsageError) in
      let (confirmed, rest) = arguments.removingFlag("yes")
      return .deleteBook(book: try rest.positionals(required: 1)[0], confirmed: confirmed)
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
    Subcommand(
      name: "import",
      arguments: "FILE --book TITLE [--format anki|quizlet|csv|tsv|apkg] [--separator S] "
        + "[--on-duplicate skip|update|keep] [--header|--no-header] [--term-column C] "
        + "[--meaning-column C] [--state-column C]",
      summary: "import a flashcard file into a wordbook"
    ) { arguments throws(UsageError) in
      let flags = ["--header", "--no-header"]
      let given = arguments.values.prefix(arguments.firstLiteral).filter(flags.contains)
      guard given.count <= 1 else {
        throw UsageError(.conflictingHeaderFlags, usage: arguments.usage)
      }
      var rest = arguments
      rest.values =
        arguments.values.prefix(arguments.firstLiteral).filter { !flags.contains($0) }
        + arguments.values.dropFirst(arguments.firstLiteral)
      rest.firstLiteral -= given.count
      let (values, options) = try rest.options([
        "book", "format", "separator", "on-duplicate", "term-column", "meaning-column",
        "state-column",
      ])
      let file = try arguments.positionals(in: values, required: 1)[0]
      guard let book = options["book"] else {
        throw UsageError(.importNeedsBook, usage: arguments.usage)
      }
      let isAnkiPackage = options["format"]?.lowercased() == "apkg"
      var request = ImportRequest(
        file: file, bookTitle: book,
        format: isAnkiPackage ? nil : try arguments.choice(options["format"], of: "format"),
        separator: options["separator"],
        duplicates: try arguments.choice(options["on-duplicate"], of: "on-duplicate") ?? .skip,
        header: given.first.map { $0 == "--header" ? .present : .absent } ?? .detect,
        termColumn: options["term-column"].map { FlashcardColumn(parsing: $0) },
        meaningColumn: options["meaning-column"].map { FlashcardColumn(parsing: $0) },
        studyStateColumn: options["state-column"].map { FlashcardColumn(parsing: $0) })
      request.isAnkiPackage = isAnkiPackage
      return .importFile(request)
    },
    Subcommand(
      name: "export", arguments: "BOOK [--format anki|quizlet|csv|tsv] [--output FILE]",
      summary: "export a wordbook with its study states"
    ) { arguments throws(UsageError) in
      let (values, options) = try arguments.options(["format", "output"])
      return .export(
        ExportRequest(
          book: try arguments.positionals(in: values, required: 1)[0],
          format: try arguments.choice(options["format"], of: "format"),
          output: options["output"]))
    },
    Subcommand(
      name: "serve", arguments: "[--port N] [--host ADDRESS] [--open]",
      summary: "serve the study page to web browsers"
    ) { arguments throws(UsageError) in .serve(try ServeRequest(arguments: arguments)) },
    Subcommand(name: "help", arguments: "", summary: "show this help") {
      arguments throws(UsageError) in
      _ = try arguments.positionals(required: 0)
      return .help
    },
  ]
}
