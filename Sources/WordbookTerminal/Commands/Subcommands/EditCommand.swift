import Wordbook

/// `wordbook edit BOOK WORD_ID [--term TERM] [--meaning MEANING]`: changes one word's term,
/// meaning or both, after checking that the word belongs to the book. Reads the one word from
/// the book's index, never the book.
struct EditCommand: Subcommand {
  static let name = "edit"
  static let arguments = "BOOK WORD_ID [--term TERM] [--meaning MEANING]"
  static let summary = "change a word's term or meaning"

  /// The book, by ID or title.
  var book: String
  var word: Word.ID
  /// The new term, or `nil` to keep it.
  var term: String?
  /// The new meaning, or `nil` to keep it.
  var meaning: String?

  func run(in session: CommandSession) async throws(CommandFailure) {
    let book = try await session.book(book)
    let stored = try await session.word(word, in: book)
    let edited = try await session.call { () async throws(WordServiceError) in
      try await session.service.updateWord(
        word, term: term ?? stored.term, meaning: meaning ?? stored.meaning)
    }
    try session.out.writeLine(session.catalogue.text(.edited(edited, book)))
  }
}

extension EditCommand {
  init(parsing arguments: SubcommandArguments) throws(UsageError) {
    let split = try arguments.split(required: 2, options: ["term", "meaning"])
    guard split.options["term"] != nil || split.options["meaning"] != nil else {
      throw UsageError(.editNeedsChange, usage: arguments.usage)
    }
    self.init(
      book: split.values[0], word: try arguments.wordID(split.values[1]),
      term: split.options["term"], meaning: split.options["meaning"])
  }
}
