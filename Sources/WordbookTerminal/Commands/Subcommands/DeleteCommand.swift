import Wordbook

/// `wordbook delete BOOK WORD_ID...`: deletes words of one book. Every ID is checked first,
/// so a wrong one changes nothing.
struct DeleteCommand: Subcommand {
  static let name = "delete"
  static let arguments = "BOOK WORD_ID..."
  static let summary = "delete words of a wordbook"

  /// The book, by ID or title.
  var book: String
  var words: [Word.ID]

  func run(in session: CommandSession) async throws(CommandFailure) {
    let book = try await session.book(book)
    var unique: [Word.ID] = []
    for wordID in words where !unique.contains(wordID) {
      _ = try await session.word(wordID, in: book)
      unique.append(wordID)
    }
    for wordID in unique {
      try await session.call { () async throws(WordServiceError) in
        try await session.service.deleteWord(wordID)
      }
    }
    try session.out.writeLine(session.catalogue.text(.deletedWords(unique.count, book)))
  }
}

extension DeleteCommand {
  init(parsing arguments: SubcommandArguments) throws(UsageError) {
    let values = try arguments.split(required: 2, optional: arguments.values.count).values
    var words: [Word.ID] = []
    for value in values.dropFirst() { words.append(try arguments.wordID(value)) }
    self.init(book: values[0], words: words)
  }
}
