import Wordbook
import WordbookAnki
import WordbookInterchange
import WordbookPostgres
import WordbookWeb

/// Why a subcommand failed, with the values its message names; the catalogue words it.
enum CommandProblem: Hashable, Sendable {
  /// The word service failed.
  case service(WordServiceError)
  /// The command line asks for something that cannot be done.
  case usage(UsageError)
  /// No wordbook has the ID; `text` is the reference as given, which may be meant as a title.
  case bookIDNotFound(WordBook.ID, text: String)
  /// No wordbook has the title.
  case bookTitleNotFound(String)
  /// The wordbook was deleted while its words were read.
  case bookDeletedWhileReading(WordBook)
  /// The wordbook has no word with the ID.
  case wordNotInBook(Word.ID, WordBook)
  /// The answer to `delete-book`'s question was not yes.
  case bookNotDeleted(WordBook.ID)
  /// The accounts of a PostgreSQL database refused or failed.
  case account(AccountError)
  /// The password typed the second time was not the first.
  case passwordsDiffer
  /// Standard input held no line to read a password from.
  case noPassword
  /// The password's line was not UTF-8.
  case passwordNotUTF8
  /// The answer to `users delete`'s question was not yes.
  case userNotDeleted(String)
  /// `serve --replica` names a database that is not a copy of `--db`'s (another cluster).
  case replicaNotACopy(replica: String)
  /// The file to import cannot be opened.
  case cannotReadFile(String)
  /// The file to import cannot be read as flashcards.
  case unreadableFlashcards(file: String, FlashcardReadError)
  /// The file held no card; nothing was changed.
  case noCardToImport(file: String, format: String, rejected: Int)
  /// `import-reviews` refused the review history at this line; nothing was written.
  case reviewLineRefused(file: String, line: Int, ReviewLineProblem)
  /// The Anki package cannot be read.
  case unreadablePackage(file: String, AnkiPackageError)
  /// The Anki package held no note that could be imported.
  case noNoteToImport(file: String, rejected: Int)
  /// `optimize` could not fit the parameters; the stored ones were kept.
  case parameterFitFailed(ParameterFitError)
  /// SIGINT (Ctrl-C), SIGTERM or SIGHUP stopped the command; what it had not finished was
  /// rolled back.
  case interrupted(signal: Int32)
  /// The words cannot be written in the format.
  case exportFailed(format: String, FlashcardWriteError)
  /// The action log cannot be opened.
  case cannotReadLog(String)
  /// The action log's path is a folder.
  case logIsFolder(String)
  /// The file is not an action log; the reader's own words.
  case notALog(String, detail: String)
  /// The replay differs from the recording at this action.
  case replayDiffers(sequence: Int)
  /// The terminal cannot be used; the system's words.
  case terminalUnavailable(detail: String)
  /// The action log could not be written; the system's words.
  case logNotWritten(name: String, detail: String)
  /// Marks that the database did not confirm when the study screen ended.
  case marksNotSaved(Int)
  /// A signal stopped the study screen.
  case stopped
  /// The web server cannot start.
  case serverFailed(WebServerError)
  /// An output is a file the command must not write.
  case outputProtected(name: String, ProtectedFiles.Kind, option: String)
  /// Standard output is a file the command must not write.
  case standardOutputProtected(ProtectedFiles.Kind)
  /// An output's path is a folder.
  case outputIsFolder(name: String, option: String)
  /// An output is not a regular file, FIFO or terminal.
  case outputNotRegular(name: String, option: String)
  /// An output is read-only.
  case outputReadOnly(name: String, option: String)
  /// An output cannot be opened; the system's words.
  case cannotOpenOutput(name: String, detail: String, option: String)
  /// Writing an output failed; the system's words.
  case cannotWrite(name: String, detail: String)
  /// Writing to standard output failed; the system's words.
  case cannotWriteStandardOutput(detail: String)
  /// A Quizlet card holds a separator, which Quizlet cannot quote: `row` is its position in the
  /// export, `separator` the separator's name, `option` the option that chooses another
  /// (`--separator` or `--card-separator`).
  case separatorInQuizletCard(row: Int, separator: String, option: String)
  /// A failure from outside Wordbook, in its own words.
  case other(String)
}
