import Foundation
import StoreCore
import Wordbook

#if canImport(Glibc)
  import Glibc
#endif

/// One run of a subcommand: a store on the opened database, driven with the same actions the
/// study screen sends.
@MainActor
final class CommandSession {
  let store: Store<AppState, AppAction>
  let service: any WordService
  private let recorder: JSONLinesActionRecorder<AppAction>?
  private let environment: [String: String]
  let out = TerminalOutput.standardOutput

  init(invocation: Invocation, environment: [String: String]) throws(CommandFailure) {
    self.environment = environment
    let path = WordbookDatabase.path(option: invocation.databasePath, environment: environment)
    do {
      service = try WordbookDatabase.openService(path: path)
    } catch {
      throw .runtime(error.message)
    }
    if let recordPath = invocation.recordPath {
      do {
        recorder = try JSONLinesActionRecorder<AppAction>(path: recordPath)
      } catch {
        throw .runtime(
          "cannot write the action log \(recordPath): \(error.localizedDescription) "
            + "Choose a writable path for --record.")
      }
    } else {
      recorder = nil
    }
    // One draw from the system generator seeds the store's own generator; a recorded session
    // starts from a known seed, so that its replay shuffles the same way.
    let seed = recorder == nil ? UInt64.random(in: 0...UInt64.max) : ReplayCommand.recordingSeed
    store = Store(
      initialState: AppState(seed: seed),
      reducer: AppReducer(service: service),
      recorder: recorder,
      checkpoint: { $0.checkpointSummary })
  }

  func run(_ command: Command) async throws(CommandFailure) {
    switch command {
    case .interactive:
      if isatty(STDIN_FILENO) == 1, out.isTerminal {
        try await study(book: nil)
      } else {
        try await listBooks()
        out.writeLine(
          "Run 'wordbook' in a terminal to study, or 'wordbook --help' for the subcommands.")
      }
    case .books:
      try await listBooks()
    case .newBook(let title):
      try await newBook(title: title)
    case .add(let book, let term, let meaning):
      try await add(book: book, term: term, meaning: meaning)
    case .words(let book):
      try await listWords(book: book)
    case .stats(let book):
      try await stats(book: book)
    case .study(let book):
      guard isatty(STDIN_FILENO) == 1, out.isTerminal else {
        throw .usage(
          "'study' needs a terminal; in scripts use 'wordbook words BOOK' or 'wordbook stats'.")
      }
      try await study(book: book)
    case .importFile(let request):
      try await importFile(request)
    case .export(let request):
      try await export(request)
    case .replay, .help, .version:
      preconditionFailure("handled without a database")
    }
    if let error = recorder?.writeError {
      throw .runtime("the action log could not be written: \(error.localizedDescription)")
    }
  }

  // MARK: Subcommands

  private func listBooks() async throws(CommandFailure) {
    for book in try await loadBooks() {
      out.writeLine("\(book.id)\t\(book.title.escapedForTerminal)\t\(book.wordCount)")
    }
  }

  private func newBook(title: String) async throws(CommandFailure) {
    await store.run(.createBook(title: title))
    if let error = store.state.lastError { throw .runtime(error.message) }
    guard let book = store.state.selectedBook else {
      throw .runtime("the wordbook was not created. Try again.")
    }
    out.writeLine("Created wordbook \(book.id): \(book.title.escapedForTerminal)")
  }

  private func add(book reference: String, term: String, meaning: String)
    async throws(CommandFailure)
  {
    let book = try await open(reference)
    await store.run(.saveWord(term: term, meaning: meaning)) { !$0.isSavingWord }
    if let error = store.state.lastError { throw .runtime(error.message) }
    out.writeLine(
      "Added \(term.escapedForTerminal) = \(meaning.escapedForTerminal) to wordbook "
        + "\(book.id) (\(book.title.escapedForTerminal)).")
  }

  private func listWords(book reference: String) async throws(CommandFailure) {
    _ = try await open(reference)
    for word in store.state.words.allWords {
      out.writeLine(
        "\(word.id)\t\(Self.name(of: word.studyState))\t\(word.term.escapedForTerminal)\t"
          + word.meaning.escapedForTerminal)
    }
  }

  private func stats(book reference: String?) async throws(CommandFailure) {
    let books: [WordBook]
    if let reference {
      books = [try await open(reference)]
    } else {
      books = try await loadBooks()
    }
    for book in books {
      if store.state.selectedBookID != book.id { _ = try await open(book) }
      let tally = store.state.tally
      out.writeLine(
        "\(book.id)\t\(book.title.escapedForTerminal)\ttotal \(tally.total)\t"
          + "success \(tally.success)\tfail \(tally.fail)\tnot studied \(tally.notStudied)")
    }
  }

  private func study(book reference: String?) async throws(CommandFailure) {
    if let reference {
      let books = try await loadBooks()
      guard BookReference(reference).resolve(in: books) != nil else {
        throw Self.unknownBook(reference)
      }
    }
    let language = TerminalLanguage(environment: environment)
    let color = (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    let app = StudyApp(
      store: store, renderer: StudyScreenRenderer(messages: language.messages, color: color),
      book: reference)
    let ending: TerminalSession.Ending
    do {
      ending = try await TerminalSession().run(app)
    } catch {
      throw .runtime("\(error.message). Run 'wordbook' from a terminal.")
    }
    let saved = await store.wait(timeout: .seconds(10)) {
      !$0.hasUnsavedMarks && !$0.isSavingWord
    }
    guard saved else {
      throw .runtime("some marks could not be saved before quitting. Check the database.")
    }
    switch ending {
    case .quit, .endOfInput, .interrupted: break
    case .signal(let number): throw CommandFailure(status: 128 + number, message: "stopped.")
    }
  }

  // MARK: Loading through the store

  private func loadBooks() async throws(CommandFailure) -> [WordBook] {
    await store.run(.loadBooks) { $0.booksStatus != .loading }
    if case .failed(let message) = store.state.booksStatus { throw .runtime(message) }
    return store.state.books
  }

  func open(_ reference: String) async throws(CommandFailure) -> WordBook {
    let books = try await loadBooks()
    guard let book = BookReference(reference).resolve(in: books) else {
      throw Self.unknownBook(reference)
    }
    return try await open(book)
  }

  private func open(_ book: WordBook) async throws(CommandFailure) -> WordBook {
    await store.run(.selectBook(book.id)) { $0.wordsStatus != .loading }
    if case .failed(let message) = store.state.wordsStatus { throw .runtime(message) }
    return store.state.selectedBook ?? book
  }

  private static func unknownBook(_ reference: String) -> CommandFailure {
    .runtime(
      "no wordbook has the title or ID '\(reference.escapedForTerminal)'. "
        + "Run 'wordbook books' to see them.")
  }

  static func name(of state: StudyState) -> String {
    switch state {
    case .notStudied: "not-studied"
    case .success: "success"
    case .fail: "fail"
    }
  }
}
