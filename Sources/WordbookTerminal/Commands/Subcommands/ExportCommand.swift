import Wordbook
import WordbookInterchange

/// `wordbook export BOOK [--format anki|quizlet|csv|tsv] [--separator S] [--card-separator S]
/// [--output FILE] [--replica URL]`: writes the book's words with their study states, page by
/// page, read from a hot standby of the PostgreSQL database with `--replica` when it has
/// replayed the learner's newest change.
///
/// `--separator` chooses the separator between fields (between term and meaning for Quizlet)
/// and `--card-separator` the one between Quizlet cards, named as `import` names them (`tab`,
/// `pipe`, `semicolon`, `newline`, ... or literal text).
///
/// To a terminal, control characters in the words are shown escaped; to a pipe or a file the
/// bytes are exact, so an export imports back as it was.
struct ExportCommand: Subcommand {
  static let name = "export"
  static let arguments =
    "BOOK [--format anki|quizlet|csv|tsv] [--separator S] [--card-separator S] [--output FILE] "
    + "[--replica URL]"
  static let summary = "export a wordbook with its study states"

  /// The book to export, by title or ID.
  var book: String
  /// The format to write, or `nil` for the output file's extension, else CSV.
  var format: FlashcardFormat?
  /// The file to write, or `nil` for standard output.
  var output: String?
  /// The separator between fields (a name such as `tab` or literal text), or `nil` for the
  /// format's.
  var separator: String?
  /// The separator between Quizlet cards (a name or literal text), or `nil` for a newline.
  var cardSeparator: String?
  /// The URL of a hot standby of the PostgreSQL database to read from; `nil` for none.
  var replica: String? = nil

  var sessionReplica: String? { replica }

  func run(in session: CommandSession) async throws(CommandFailure) {
    try await session.export(self)
  }

  /// How to write the words: the separators asked for, else the format's.
  var writeOptions: FlashcardWriteOptions {
    FlashcardWriteOptions(
      separator: separator.map(FlashcardReadOptions.separator(named:)),
      cardSeparator: cardSeparator.map(FlashcardReadOptions.separator(named:)))
  }

  /// The format to write: the one asked for, else the output file's, else CSV.
  var resolvedFormat: FlashcardFormat {
    if let format { return format }
    if let output, let dot = output.lastIndex(of: "."),
      let inferred = FlashcardFormat(fileExtension: String(output[output.index(after: dot)...]))
    {
      return inferred
    }
    return .csv
  }
}

extension ExportCommand {
  init(parsing arguments: SubcommandArguments) throws(UsageError) {
    let split = try arguments.split(
      required: 1, options: ["format", "output", "separator", "card-separator", "replica"])
    self.init(
      book: split.values[0], format: try arguments.choice(split.options["format"], of: "format"),
      output: split.options["output"], separator: split.options["separator"],
      cardSeparator: split.options["card-separator"],
      replica: try arguments.replica(split.options["replica"]))
  }
}

extension CommandSession {
  fileprivate func export(_ request: ExportCommand) async throws(CommandFailure) {
    let output =
      try request.output.map { path throws(CommandFailure) in
        try OutputFile.open(path, for: "--output", protecting: protected)
      } ?? out
    do throws(CommandFailure) {
      let book = try await book(request.book)
      let format = request.resolvedFormat
      var options = request.writeOptions
      var count = 0
      try await forEachPage(of: book) { words throws(CommandFailure) in
        var text: String
        do throws(FlashcardWriteError) {
          text = try FlashcardWriter.write(
            words.map(FlashcardRow.init), format: format, options: options)
        } catch .separatorInField(let row, let separator) {
          let name = FlashcardReadOptions.name(ofSeparator: separator)
          throw .runtime(
            .separatorInQuizletCard(
              row: count + row, separator: name == separator ? "\"\(name)\"" : name,
              option: separator == (options.cardSeparator ?? "\n")
                ? "--card-separator" : "--separator"))
        } catch {
          throw .runtime(.exportFailed(format: format.rawValue, error))
        }
        if output.isTerminal { text = text.escapedForTerminal(keepingLineBreaks: true) }
        try output.write(text)
        options.includesHeader = false
        count += words.count
      }
      let isStandardOutput = output.isStandardOutput
      try output.commit()
      guard !isStandardOutput else { return }
      try out.writeLine(
        catalogue.text(
          .exported(count: count, book, file: output.name, format: format.rawValue)))
    } catch {
      output.discard()
      throw error
    }
  }
}
