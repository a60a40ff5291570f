import Wordbook
import WordbookPostgres

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One run of a subcommand on the opened database.
///
/// Subcommands talk to the word service directly, reading large books page by page, so they
/// run at the database's speed with flat memory; the study screen runs a store, the one path
/// for anything that changes study state interactively.
@MainActor
final class CommandSession {
  let service: any WordService
  /// The database file, beside which imported pictures are kept; on PostgreSQL, the default
  /// SQLite location on this machine, since the server keeps no pictures yet.
  let databasePath: String
  /// The files this command must not write: the database and the files beside it.
  let protected: ProtectedFiles
  /// Standard output, checked on every write.
  let out: OutputFile
  /// The file given with `--record`, if any.
  let recording: OutputFile?
  let environment: [String: String]
  /// The sentences in the user's language.
  let catalogue: any TerminalCatalogue

  /// How many words a listing reads at a time: small enough that the first line shows at once
  /// and memory stays flat, large enough that each read is cheap.
  nonisolated static let pageSize = 4096

  init(invocation: Invocation, environment: [String: String]) async throws(CommandFailure) {
    self.environment = environment
    catalogue = Language(environment: environment).catalogue
    let path = WordbookDatabase.path(option: invocation.databasePath, environment: environment)
    let isServer = WordbookDatabase.isServer(path)
    guard !isServer || invocation.userName != nil else { throw .usage(.databaseNeedsUser) }
    let replica = invocation.command.sessionReplica
    guard replica == nil || isServer else { throw .usage(.replicaNeedsPostgres) }
    databasePath =
      isServer
      ? WordbookDatabase.path(
        option: nil, environment: environment.filter { $0.key != "WORDBOOK_DB" })
      : path
    var protected = ProtectedFiles()
    if !isServer { protected.addDatabase(path) }
    self.protected = protected
    out = try OutputFile.standardOutput(protecting: protected)
    // The log is opened before the database, so a log path that names the database is refused
    // before anything is created.
    recording = try invocation.recordPath.map { path throws(CommandFailure) in
      try OutputFile.open(path, for: "--record", protecting: protected)
    }
    if let replica {
      do {
        try await Self.checkReplica(replica, of: path, catalogue: catalogue)
      } catch {
        recording?.discard()
        throw error
      }
    }
    do {
      service = try await WordbookDatabase.openService(
        path: path, user: invocation.userName ?? "", replica: replica)
    } catch {
      recording?.discard()
      throw .service(error)
    }
  }

  /// Checks that `replica` is a standby of the database at `primary`, and has its failing and
  /// answering again told on standard error from now on: once when it cannot be reached now,
  /// which is no error, since the primary answers until it can.
  ///
  /// - Throws: ``CommandFailure`` when the replica is another PostgreSQL cluster.
  static func checkReplica(
    _ replica: String, of primary: String, catalogue: any TerminalCatalogue
  ) async throws(CommandFailure) {
    PostgresReplica.observe { event in
      let report: CommandReport =
        switch event {
        case .unavailable(let location, let error):
          .replicaUnavailable(location: location, error: error)
        case .answering(let location): .replicaAnswering(location: location)
        }
      // The error quotes the URL and libpq's message, which may hold any byte.
      TerminalOutput.standardError.writeLine(
        "wordbook: " + catalogue.text(report).escapedForTerminal)
    }
    if await PostgresReplica.isCopy(at: replica, of: primary) == false {
      PostgresReplica.observe(nil)
      throw .runtime(.replicaNotACopy(replica: PostgresReplica.location(of: replica)))
    }
  }

  /// Runs `command`, then finishes the outputs: standard output is flushed and the action log
  /// is put in place, also when the command failed, since a log of a failure is worth keeping.
  func run(_ command: any RunnableCommand) async throws(CommandFailure) {
    do {
      try await command.run(in: self)
    } catch {
      try? recording?.commit()
      try? out.flush()
      throw error
    }
    try recording?.commit()
    try out.flush()
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

  /// The word with this ID in `book`, read from the book's index.
  ///
  /// - Throws: ``CommandFailure`` when the book has no such word (it may be another book's).
  func word(_ wordID: Word.ID, in book: WordBook) async throws(CommandFailure) -> Word {
    let page = try await call { () async throws(WordServiceError) in
      try await service.fetchWords(in: book.id, after: Word.ID(wordID.rawValue - 1), limit: 1)
    }
    guard let word = page.first, word.id == wordID else {
      throw .runtime(.wordNotInBook(wordID, book))
    }
    return word
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
    try await forEachPage(
      of: book,
      reading: { (last: Word?) async throws in
        try await service.fetchWords(in: book.id, after: last?.id, limit: Self.pageSize)
      }, body)
  }

  /// Reads `book` page by page with `read`, which is given the last item of the page before
  /// (`nil` at first) and returns at most ``pageSize`` items, and hands each page to `body`.
  /// The next page is read while `body` writes this one.
  ///
  /// - Throws: ``CommandFailure`` from `body`, or when the book is deleted meanwhile.
  func forEachPage<Item: Sendable>(
    of book: WordBook,
    reading read: @escaping @Sendable (Item?) async throws -> [Item],
    _ body: ([Item]) throws(CommandFailure) -> Void
  ) async throws(CommandFailure) {
    try await forEachPage(
      of: book, reading: { (before: [Item]?) in try await read(before?.last) }, count: \.count,
      body)
  }

  /// Reads `book` page by page with `read`, which is given the page before (`nil` at first)
  /// and returns a page of at most ``pageSize`` items, `count` of them, and hands each page to
  /// `body`. The next page is read while `body` writes this one.
  ///
  /// - Throws: ``CommandFailure`` from `body`, or when the book is deleted meanwhile.
  func forEachPage<Page: Sendable>(
    of book: WordBook,
    reading read: @escaping @Sendable (Page?) async throws -> Page,
    count: (Page) -> Int,
    _ body: (Page) throws(CommandFailure) -> Void
  ) async throws(CommandFailure) {
    // Detached, so the read starts at once instead of waiting for the main actor to finish
    // writing the page before.
    func readPage(after before: Page?) -> Task<Page, any Error> {
      Task.detached { try await read(before) }
    }
    var next = readPage(after: nil)
    while true {
      let page: Page
      do {
        page = try await next.value
      } catch let error as WordServiceError where error.kind == .notFound {
        throw .runtime(.bookDeletedWhileReading(book))
      } catch let error as WordServiceError {
        throw .service(error)
      } catch {
        throw .runtime(.other(String(describing: error)))
      }
      let isLast = count(page) < Self.pageSize
      if !isLast { next = readPage(after: page) }
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
  static func stateField(_ state: StudyState) -> StaticString {
    switch state {
    case .notStudied: "\tnot-studied\t"
    case .success: "\tknown\t"
    case .fail: "\tnot-known\t"
    }
  }
}
