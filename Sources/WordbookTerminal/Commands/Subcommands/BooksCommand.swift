/// `wordbook books`: one line per wordbook, with its ID, title and word count.
struct BooksCommand: Subcommand {
  static let name = "books"
  static let arguments = ""
  static let summary = "list the wordbooks"

  func run(in session: CommandSession) async throws(CommandFailure) {
    for book in try await session.books() {
      try session.out.writeLine(
        "\(book.id)\t\(book.title.escapedForTerminal)\t\(book.wordCount)")
    }
  }
}

extension BooksCommand {
  init(parsing arguments: SubcommandArguments) throws(UsageError) {
    _ = try arguments.split(required: 0)
  }
}
