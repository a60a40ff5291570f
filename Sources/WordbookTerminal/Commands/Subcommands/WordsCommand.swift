import Wordbook
import WordbookSQLite

/// `wordbook words BOOK`: one line per word, with its ID, study state, term, meaning and
/// picture, written page by page so the first lines appear at once and memory stays flat.
struct WordsCommand: Subcommand {
  static let name = "words"
  static let arguments = "BOOK"
  static let summary = "list the words of a wordbook"

  /// The book, by ID or title.
  var book: String

  func run(in session: CommandSession) async throws(CommandFailure) {
    let book = try await session.book(book)
    let out = session.out
    try await session.forEachPage(
      of: book, reading: Self.reader(of: book, in: session.service), count: \.count
    ) { page throws(CommandFailure) in
      try page.forEachWord { word throws(CommandFailure) in
        try out.writeLine { line in
          line.append(word.id.rawValue)
          line.append(CommandSession.stateField(word.studyState))
          line.appendEscaped(utf8: word.term)
          line.append("\t")
          line.appendEscaped(utf8: word.meaning)
          // The picture's file in the media folder, for the words that have one.
          if let image = word.imageReference {
            line.append("\t")
            line.appendEscaped(utf8: image)
          }
        }
      }
    }
  }

  /// How to read a page of `book` after the page before: a SQLite database hands over its
  /// texts' bytes as stored, without a `String` for each; other services read `Word`s.
  private static func reader(of book: WordBook, in service: any WordService)
    -> @Sendable (WordTextPage?) async throws -> WordTextPage
  {
    let size = CommandSession.pageSize
    if let database = service as? SQLiteWordService {
      return { before in
        try await database.fetchWordTexts(in: book.id, after: before?.lastID, limit: size)
      }
    }
    return { before in
      WordTextPage(try await service.fetchWords(in: book.id, after: before?.lastID, limit: size))
    }
  }
}

extension WordsCommand {
  init(parsing arguments: SubcommandArguments) throws(UsageError) {
    book = try arguments.split(required: 1).values[0]
  }
}
