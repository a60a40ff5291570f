import Wordbook

/// What one run of `wordbook` was asked to do.
public enum Command: Hashable, Sendable {
  /// Open the interactive study screen, or list the wordbooks when not on a terminal.
  case interactive
  /// List the wordbooks.
  case books
  /// Create a wordbook.
  case newBook(title: String)
  /// Add a word to a wordbook.
  case add(book: String, term: String, meaning: String)
  /// List the words of a wordbook.
  case words(book: String)
  /// Change a word's term, meaning or both.
  case edit(book: String, word: Word.ID, term: String?, meaning: String?)
  /// Delete words of a wordbook.
  case delete(book: String, words: [Word.ID])
  /// Rename a wordbook.
  case renameBook(book: String, title: String)
  /// Delete a wordbook and its words; `confirmed` when `--yes` answered the question ahead.
  case deleteBook(book: String, confirmed: Bool)
  /// List the words whose term or meaning contains `query`, in one wordbook or all.
  case search(query: String, book: String?)
  /// Print the study counts of one wordbook, or of each.
  case stats(book: String?)
  /// Open the study screen on a wordbook, by title or ID.
  case study(book: String?)
  /// Re-run a recorded action log through the reducer and print the final state.
  case replay(file: String)
  /// Import a flashcard file into a wordbook.
  case importFile(ImportRequest)
  /// Export a wordbook as a flashcard file.
  case export(ExportRequest)
  /// Serve the study page to browsers.
  case serve(ServeRequest)
  /// Print the usage.
  case help
  /// Print the version.
  case version
}

/// A parsed command line: the command and the global options.
public struct Invocation: Hashable, Sendable {
  /// What to do.
  public var command: Command
  /// The database file given with `--db`, if any.
  public var databasePath: String?
  /// The file given with `--record`, to write the session's action log to, if any.
  public var recordPath: String?

  /// Creates an invocation.
  public init(command: Command, databasePath: String? = nil, recordPath: String? = nil) {
    self.command = command
    self.databasePath = databasePath
    self.recordPath = recordPath
  }
}
