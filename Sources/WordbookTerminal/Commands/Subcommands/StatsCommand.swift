import Wordbook

/// `wordbook stats [BOOK]`: the success, fail and not-studied counts of one wordbook or each,
/// counted by the database.
struct StatsCommand: Subcommand {
  static let name = "stats"
  static let arguments = "[BOOK]"
  static let summary = "count success, fail and not studied words"

  /// The book, by ID or title; `nil` for every book.
  var book: String?

  func run(in session: CommandSession) async throws(CommandFailure) {
    let books: [WordBook]
    if let book {
      books = [try await session.book(book)]
    } else {
      books = try await session.books()
    }
    let tallies = try await session.call { () async throws(WordServiceError) in
      try await session.service.fetchTallies()
    }
    for book in books {
      try session.out.writeLine(
        session.catalogue.text(.stats(book, tallies[book.id] ?? StudyTally())))
    }
  }
}

extension StatsCommand {
  init(parsing arguments: SubcommandArguments) throws(UsageError) {
    book = try arguments.split(required: 0, optional: 1).values.first
  }
}
