import Wordbook

/// `wordbook add BOOK TERM MEANING`: adds a word to a wordbook, one insert.
struct AddCommand: Subcommand {
  static let name = "add"
  static let arguments = "BOOK TERM MEANING"
  static let summary = "add a word to a wordbook"

  /// The book, by ID or title.
  var book: String
  var term: String
  var meaning: String

  func run(in session: CommandSession) async throws(CommandFailure) {
    let book = try await session.book(book)
    _ = try await session.call { () async throws(WordServiceError) in
      try await session.service.saveWord(WordDraft(term: term, meaning: meaning), to: book.id)
    }
    try session.out.writeLine(session.catalogue.text(.added(term: term, meaning: meaning, book)))
  }
}

extension AddCommand {
  init(parsing arguments: SubcommandArguments) throws(UsageError) {
    let values = try arguments.split(required: 3).values
    self.init(book: values[0], term: values[1], meaning: values[2])
  }
}
