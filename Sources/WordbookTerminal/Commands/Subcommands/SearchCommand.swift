import Wordbook

/// `wordbook search QUERY [--book BOOK]`: the words whose term or meaning contains the query,
/// in one book or all, a page at a time, so the first lines appear at once and memory stays
/// flat.
struct SearchCommand: Subcommand {
  static let name = "search"
  static let arguments = "QUERY [--book BOOK]"
  static let summary = "find words: ID, book, state, term, meaning"

  var query: String
  /// The book to search, by ID or title; `nil` for every book.
  var book: String?

  func run(in session: CommandSession) async throws(CommandFailure) {
    let out = session.out
    var bookID: WordBook.ID?
    if let book { bookID = try await session.book(book).id }
    var titles: [WordBook.ID: String] = [:]
    for book in try await session.books() { titles[book.id] = book.title }
    var after: WordSearchHit?
    while true {
      let (last, book, query) = (after, bookID, query)
      let page = try await session.call { () async throws(WordServiceError) in
        try await session.service.searchWords(
          matching: query, in: book, after: last, limit: CommandSession.pageSize)
      }
      for hit in page {
        if titles[hit.bookID] == nil {
          // A book created since the titles were read.
          for book in try await session.books() {
            titles[book.id] = book.title
          }
        }
        try out.writeLine { line in
          line.append(hit.word.id.rawValue)
          line.append("\t")
          line.appendEscaped(titles[hit.bookID] ?? "")
          line.append(CommandSession.stateField(hit.word.studyState))
          line.appendEscaped(hit.word.term)
          line.append("\t")
          line.appendEscaped(hit.word.meaning)
        }
      }
      try out.flush()
      guard page.count == CommandSession.pageSize else { return }
      after = page.last
    }
  }
}

extension SearchCommand {
  init(parsing arguments: SubcommandArguments) throws(UsageError) {
    let split = try arguments.split(required: 1, options: ["book"])
    self.init(query: split.values[0], book: split.options["book"])
  }
}
