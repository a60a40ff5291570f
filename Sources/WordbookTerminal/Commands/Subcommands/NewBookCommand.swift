import Wordbook

/// `wordbook new-book TITLE`: creates a wordbook.
struct NewBookCommand: Subcommand {
  static let name = "new-book"
  static let arguments = "TITLE"
  static let summary = "create a wordbook"

  /// The new book's title.
  var title: String

  func run(in session: CommandSession) async throws(CommandFailure) {
    let book = try await session.call { () async throws(WordServiceError) in
      try await session.service.createBook(title: title)
    }
    try session.out.writeLine(session.catalogue.text(.created(book)))
  }
}

extension NewBookCommand {
  init(parsing arguments: SubcommandArguments) throws(UsageError) {
    title = try arguments.split(required: 1).values[0]
  }
}
