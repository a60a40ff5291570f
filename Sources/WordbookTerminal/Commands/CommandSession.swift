import StoreCore
import Wordbook

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#endif

/// One run of a subcommand on the opened database.
///
/// Subcommands talk to the word service directly, reading large books page by page, so they
/// run at the database's speed with flat memory; the study screen runs a store, the one path
/// for anything that changes study state interactively.
@MainActor
final class CommandSession {
  let service: any WordService
  /// The database file, beside which imported pictures are kept.
  let databasePath: String
  /// The files this command must not write: the database and the files beside it.
  let protected: ProtectedFiles
  /// Standard output, checked on every write.
  let out: OutputFile
  /// The file given with `--record`, if any.
  let recording: OutputFile?
  let environment: [String: String]
  /// The sentences in the user's language.
  let catalogue: any MessageCatalogue

  /// How many words a listing reads at a time: small enough that the first line shows at once
  /// and memory stays flat, large enough that each read is cheap.
  static let pageSize = 4096

  init(invocation: Invocation, environment: [String: String]) throws(CommandFailure) {
    self.environment = environment
    catalogue = TerminalLanguage(environment: environment).catalogue
    let path = WordbookDatabase.path(option: invocation.databasePath, environment: environment)
    databasePath = path
    var protected = ProtectedFiles()
    protected.addDatabase(path)
    self.protected = protected
    out = try OutputFile.standardOutput(protecting: protected)
    // The log is opened before the database, so a log path that names the database is refused
    // before anything is created.
    recording = try invocation.recordPath.map { path throws(CommandFailure) in
      try OutputFile.open(path, for: "--record", protecting: protected)
    }
    do {
      service = try WordbookDatabase.openService(path: path)
    } catch {
      recording?.discard()
      throw .service(error)
    }
  }

  /// Runs `command`, then finishes the outputs: standard output is flushed and the action log
  /// is put in place, also when the command failed, since a log of a failure is worth keeping.
  func run(_ command: Command) async throws(CommandFailure) {
    do {
      try await perform(command)
    } catch {
      try? recording?.commit()
      try? out.flush()
      throw error
    }
    try recording?.commit()
    try out.flush()
  }

  private func perform(_ command: Command) async throws(CommandFailure) {
    switch command {
    case .interactive:
      if isatty(STDIN_FILENO) == 1, out.isTerminal {
        try await study(book: nil)
      } else {
        try await listBooks()
        try out.writeLine(catalogue.text(.studyNeedsTerminal))
      }
    case .books:
      try await listBooks()
    case .newBook(let title):
      let book = try await call { () async throws(WordServiceError) in
        try await service.createBook(title: title)
      }
      try out.writeLine(catalogue.text(.created(book)))
    case .add(let reference, let term, let meaning):
      let book = try await book(reference)
      _ = try await call { () async throws(WordServiceError) in
        try await service.saveWord(WordDraft(term: term, meaning: meaning), to: book.id)
      }
      try out.writeLine(catalogue.text(.added(term: term, meaning: meaning, book)))
    case .words(let reference):
      let book = try await book(reference)
      try await forEachPage(of: book) { words throws(CommandFailure) in
        for word in words {
          try out.write(String(word.id.rawValue))
          try out.write(Self.stateField(word.studyState))
          try out.write(word.term.escapedForTerminal)
          try out.write("\t")
          try out.write(word.meaning.escapedForTerminal)
          // The picture's file in the media folder, for the words that have one.
          if let image = word.imageReference { try out.write("\t" + image.escapedForTerminal) }
          try out.writeLine("")
        }
      }
    case .edit(let reference, let wordID, let term, let meaning):
      try await edit(wordID, of: reference, term: term, meaning: meaning)
    case .delete(let reference, let wordIDs):
      try await delete(wordIDs, of: reference)
    case .renameBook(let reference, let title):
      try await renameBook(reference, to: title)
    case .deleteBook(let reference, let confirmed):
      try await deleteBook(reference, confirmed: confirmed)
    case .search(let query, let reference):
      try await search(query, in: reference)
    case .stats(let reference):
      try await stats(book: reference)
    case .study(let book):
      guard isatty(STDIN_FILENO) == 1, out.isTerminal else {
        throw .usage(.studyNeedsTerminal)
      }
      try await study(book: book)
    case .importFile(let request):
      try await importFile(request)
    case .export(let request):
      try await export(request)
    case .serve(let request):
      try await serve(request)
    case .replay, .help, .version:
      preconditionFailure("handled without a database")
    }
  }

  // MARK: Subcommands

  private func listBooks() async throws(CommandFailure) {
    for book in try await books() {
      try out.writeLine("\(book.id)\t\(book.title.escapedForTerminal)\t\(book.wordCount)")
    }
  }

  private func stats(book reference: String?) async throws(CommandFailure) {
    let books: [WordBook]
    if let reference {
      books = [try await book(reference)]
    } else {
      books = try await self.books()
    }
    let tallies = try await call { () async throws(WordServiceError) in
      try await service.fetchTallies()
    }
    for book in books {
      let tally = tallies[book.id] ?? StudyTally()
      try out.writeLine(catalogue.text(.stats(book, tally)))
    }
  }

  // MARK: Reading the service

  /// Calls the service, turning its error into the command's.
  func call<Value>(_ body: () async throws(WordServiceError) -> Value)
    async throws(CommandFailure) -> Value
  {
    do {
      return try await body()
    } catch {
      throw .service(error)
    }
  }

  func books() async throws(CommandFailure) -> [WordBook] {
    try await call { () async throws(WordServiceError) in try await service.fetchBooks() }
  }

  /// The book `reference` names, by ID or title (see ``BookReference`` for the rule).
  func book(_ reference: String) async throws(CommandFailure) -> WordBook {
    let reference = BookReference(reference)
    guard let book = reference.resolve(in: try await books()) else {
      if let id = reference.id { throw .runtime(.bookIDNotFound(id, text: reference.text)) }
      throw .runtime(.bookTitleNotFound(reference.title ?? reference.text))
    }
    return book
  }

  /// The title `import --book` imports into: the stored title of the book the reference
  /// names, or the title to create a book with when it names a title no book has.
  ///
  /// - Throws: ``CommandFailure`` for an ID no book has: an ID never creates a book.
  func importTitle(_ reference: String) async throws(CommandFailure) -> String {
    let reference = BookReference(reference)
    if let book = reference.resolve(in: try await books()) { return book.title }
    guard let title = reference.title else { return try await book(reference.text).title }
    return title
  }

  /// Reads the words of `book` page by page, in the order they were added, and hands each page
  /// to `body`, so the first words are written at once. The next page is read while `body`
  /// writes this one.
  ///
  /// - Throws: ``CommandFailure`` from `body`, or when the book is deleted meanwhile.
  func forEachPage(
    of book: WordBook, _ body: ([Word]) throws(CommandFailure) -> Void
  ) async throws(CommandFailure) {
    let service = service
    let pageSize = Self.pageSize
    // Detached, so the read starts at once instead of waiting for the main actor to finish
    // writing the page before.
    func read(after last: Word.ID?) -> Task<[Word], any Error> {
      Task.detached { try await service.fetchWords(in: book.id, after: last, limit: pageSize) }
    }
    var next = read(after: nil)
    while true {
      let page: [Word]
      do {
        page = try await next.value
      } catch let error as WordServiceError where error.kind == .notFound {
        throw .runtime(.bookDeletedWhileReading(book))
      } catch let error as WordServiceError {
        throw .service(error)
      } catch {
        throw .runtime(.other(String(describing: error)))
      }
      let isLast = page.count < pageSize
      if !isLast, let last = page.last?.id { next = read(after: last) }
      do {
        try body(page)
        try out.flush()
      } catch {
        if !isLast { next.cancel() }
        throw error
      }
      if isLast { return }
    }
  }

  /// The study state between the tabs of a `words` line.
  static func stateField(_ state: StudyState) -> String {
    switch state {
    case .notStudied: "\tnot-studied\t"
    case .success: "\tsuccess\t"
    case .fail: "\tfail\t"
    }
  }
}
