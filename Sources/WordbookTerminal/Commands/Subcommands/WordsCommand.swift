import Wordbook

/// `wordbook words BOOK`: one line per word, with its ID, study state, term, meaning and
/// picture, written page by page so the first lines appear at once and memory stays flat.
struct WordsCommand: Subcommand {
  static let name = "words"
  static let arguments = "BOOK"
  static let summary = "list the words of a wordbook"

  /// The book, by ID or title.
  var book: String

  func run(in session: CommandSession) async throws(CommandFailure) {
    let out = session.out
    try await session.forEachPage(of: try await session.book(book)) {
      words throws(CommandFailure) in
      for word in words {
        try out.writeLine { line in
          line.append(word.id.rawValue)
          line.append(CommandSession.stateField(word.studyState))
          line.appendEscaped(word.term)
          line.append("\t")
          line.appendEscaped(word.meaning)
          // The picture's file in the media folder, for the words that have one.
          if let image = word.imageReference {
            line.append("\t")
            line.appendEscaped(image)
          }
        }
      }
    }
  }
}

extension WordsCommand {
  init(parsing arguments: SubcommandArguments) throws(UsageError) {
    book = try arguments.split(required: 1).values[0]
  }
}
