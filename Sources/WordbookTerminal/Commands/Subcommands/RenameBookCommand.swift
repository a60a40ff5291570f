import Wordbook

/// `wordbook rename-book BOOK TITLE`.
struct RenameBookCommand: Subcommand {
  static let name = "rename-book"
  static let arguments = "BOOK TITLE"
  static let summary = "rename a wordbook"

  /// The book, by ID or title.
  var book: String
  var title: String

  func run(in session: CommandSession) async throws(CommandFailure) {
    let book = try await session.book(book)
    let renamed = try await session.call { () async throws(WordServiceError) in
      try await session.service.renameBook(book.id, to: title)
    }
    try session.out.writeLine(session.catalogue.text(.renamed(book, to: renamed.title)))
  }
}

extension RenameBookCommand {
  init(parsing arguments: SubcommandArguments) throws(UsageError) {
    let values = try arguments.split(required: 2).values
    self.init(book: values[0], title: values[1])
  }
}
