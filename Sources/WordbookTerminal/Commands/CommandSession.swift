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
  /// The files this command must not write: the database and the command's inputs.
  let protected: ProtectedFiles
  /// Standard output, checked on every write.
  let out: OutputFile
  private let recorder: JSONLinesActionRecorder<AppAction>?
  /// The file given with `--record`, if any.
  let recording: OutputFile?
  private let environment: [String: String]

  init(invocation: Invocation, environment: [String: String]) throws(CommandFailure) {
    self.environment = environment
    let path = WordbookDatabase.path(option: invocation.databasePath, environment: environment)
    var protected = ProtectedFiles()
    protected.addDatabase(path)
    if case .importFile(let request) = invocation.command {
      protected.add(request.file, as: "the file being imported")
    }
    out = try OutputFile.standardOutput(protecting: protected)
    // The log is opened before the database, so a log path that names the database is refused
    // before anything is created.
    recording = try invocation.recordPath.map { path throws(CommandFailure) in
      try OutputFile.open(path, for: "--record", protecting: protected)
    }
    if let recordPath = invocation.recordPath, recordPath != "-" {
      protected.add(recordPath, as: "this command's action log")
    }
    self.protected = protected
    do {
      service = try WordbookDatabase.openService(path: path)
    } catch {
      recording?.discard()
      throw .runtime(error.message)
    }
    recorder = recording.map {
      JSONLinesActionRecorder<AppAction>(
        handle: FileHandle(fileDescriptor: $0.descriptor, closeOnDealloc: false))
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

  /// Runs `command`, then finishes the outputs: standard output is flushed and the action log
  /// is put in place, also when the command failed, since a log of a failure is worth keeping.
  func run(_ command: Command) async throws(CommandFailure) {
    do {
      try await perform(command)
    } catch {
      try? finishOutputs()
      throw error
    }
    try finishOutputs()
  }

  private func finishOutputs() throws(CommandFailure) {
    try out.flush()
    guard let recording else { return }
    if let error = recorder?.writeError {
      recording.discard()
      throw .runtime(
        "the action log \(recording.name) could not be written: \(error.localizedDescription)")
    }
    try recording.commit()
  }

  private func perform(_ command: Command) async throws(CommandFailure) {
    switch command {
    case .interactive:
      if isatty(STDIN_FILENO) == 1, out.isTerminal {
        try await study(book: nil)
      } else {
        try await listBooks()
        try out.writeLine(
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
  }

  // MARK: Subcommands

  private func listBooks() async throws(CommandFailure) {
    for book in try await loadBooks() {
      try out.writeLine("\(book.id)\t\(book.title.escapedForTerminal)\t\(book.wordCount)")
    }
  }

  private func newBook(title: String) async throws(CommandFailure) {
    await store.run(.createBook(title: title))
    if let error = store.state.lastError { throw .runtime(error.message) }
    guard let book = store.state.selectedBook else {
      throw .runtime("the wordbook was not created. Try again.")
    }
    try out.writeLine("Created wordbook \(book.id): \(book.title.escapedForTerminal)")
  }

  private func add(book reference: String, term: String, meaning: String)
    async throws(CommandFailure)
  {
    let book = try await open(reference)
    await store.run(.saveWord(term: term, meaning: meaning)) { !$0.isSavingWord }
    if let error = store.state.lastError { throw .runtime(error.message) }
    try out.writeLine(
      "Added \(term.escapedForTerminal) = \(meaning.escapedForTerminal) to wordbook "
        + "\(book.id) (\(book.title.escapedForTerminal)).")
  }

  private func listWords(book reference: String) async throws(CommandFailure) {
    _ = try await open(reference)
    for word in store.state.words.allWords {
      try out.writeLine(
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
      try out.writeLine(
        "\(book.id)\t\(book.title.escapedForTerminal)\ttotal \(tally.total)\t"
          + "success \(tally.success)\tfail \(tally.fail)\tnot studied \(tally.notStudied)")
    }
  }

  private func study(book reference: String?) async throws(CommandFailure) {
    if recording?.isStandardOutput == true {
      throw .usage("--record - would write the log over the study screen; give it a file.")
    }
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
    let lost: Int
    switch ending {
    case .quit: lost = app.marksLeftUnsaved
    case .endOfInput, .interrupted, .signal: lost = await lastSaveAttempt()
    }
    let status: Int32
    if case .signal(let number) = ending { status = 128 + number } else { status = 1 }
    if lost > 0 {
      throw CommandFailure(
        status: status,
        message: (lost == 1 ? "1 mark was" : "\(lost) marks were")
          + " not saved: the database did not confirm them in time.")
    }
    if case .signal = ending { throw CommandFailure(status: status, message: "stopped.") }
  }

  /// Tries once more, within a short deadline, to save the marks of a session ended by a
  /// signal, Ctrl-C or the end of input, where nobody can be asked.
  ///
  /// - Returns: How many marks are still not saved.
  private func lastSaveAttempt() async -> Int {
    if !store.state.unsavedMarks.isEmpty { store.send(.retryUnsavedMarks) }
    await store.wait(timeout: .seconds(3)) { !$0.hasUnsavedMarks && !$0.isSavingWord }
    return store.state.marksNotYetSaved
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
