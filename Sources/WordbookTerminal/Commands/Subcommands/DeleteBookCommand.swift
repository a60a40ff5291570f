import Wordbook

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `wordbook delete-book BOOK [--yes]`: asks on a terminal unless `--yes` was given; without a
/// terminal, `--yes` is required, so a script never deletes a book by accident.
struct DeleteBookCommand: Subcommand {
  static let name = "delete-book"
  static let arguments = "BOOK [--yes]"
  static let summary = "delete a wordbook and its words (asks first)"

  /// The book, by ID or title.
  var book: String
  /// Whether `--yes` answered the question ahead.
  var confirmed: Bool

  func run(in session: CommandSession) async throws(CommandFailure) {
    let book = try await session.book(book)
    let catalogue = session.catalogue
    if !confirmed {
      guard isatty(STDIN_FILENO) == 1 else {
        throw .usage(.deleteBookNeedsYes(book.id))
      }
      _ = TerminalOutput.standardError.write(catalogue.text(.deleteBookQuestion(book)))
      let answer = readLine(strippingNewline: true) ?? ""
      guard catalogue.yesAnswers.contains(answer.wordbookTitleKey) else {
        throw .runtime(.bookNotDeleted(book.id))
      }
    }
    try await session.call { () async throws(WordServiceError) in
      try await session.service.deleteBook(book.id)
    }
    try session.out.writeLine(catalogue.text(.deletedBook(book)))
  }
}

extension DeleteBookCommand {
  init(parsing arguments: SubcommandArguments) throws(UsageError) {
    let split = try arguments.split(required: 1, flags: ["yes"])
    self.init(book: split.values[0], confirmed: split.flags.contains("yes"))
  }
}
