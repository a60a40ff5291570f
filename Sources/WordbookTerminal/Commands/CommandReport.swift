import Wordbook
import WordbookAnki
import WordbookInterchange

/// A line a subcommand tells the user, with its values; the catalogue words it.
///
/// Data lines (IDs, titles, terms, study states, separated by tabs) are written as they are,
/// never through here, so scripts read them whatever the language.
enum CommandReport: Hashable, Sendable {
  /// `wordbook` without a terminal, after the list of wordbooks.
  case studyNeedsTerminal
  /// `new-book` created the book.
  case created(WordBook)
  /// `add` added the word to the book.
  case added(term: String, meaning: String, WordBook)
  /// `edit` changed the word of the book.
  case edited(Word, WordBook)
  /// `delete` deleted this many words of the book.
  case deletedWords(Int, WordBook)
  /// `rename-book` renamed the book, given as it was, to the new title.
  case renamed(WordBook, to: String)
  /// `delete-book` deleted the book and its words.
  case deletedBook(WordBook)
  /// One `stats` line: the book's ID and title, then the labelled counts, separated by tabs.
  case stats(WordBook, StudyTally)
  /// The summary of an import.
  case imported(file: String, format: String, ImportSummary, DuplicatePolicy, rejected: Int)
  /// The media of an imported Anki package, and the folder the pictures went to.
  case media(AnkiMediaSummary, folder: String)
  /// What became of the answers of an imported Anki package's review log.
  case ankiReviews(AnkiReviewSummary)
  /// The first line was read as a header row with these fields.
  case headerDetected([String])
  /// A rejected line of the file: its number, the start of its text and why.
  case rejected(file: String, LineProblem)
  /// A rejected note of the Anki package: its position and why.
  case rejectedNote(file: String, AnkiNoteProblem)
  /// How many more lines were rejected and not listed.
  case moreRejected(Int)
  /// The running count of an import's rows, and how much of its file has been read, in
  /// percent, when the file has a size (not a pipe).
  case importing(rows: Int, percentRead: Int?)
  /// `export` wrote this many words of the book to the file in the format.
  case exported(count: Int, WordBook, file: String, format: String)
  /// `replay` replayed this many actions of the log; `cutOff` when its last line was skipped.
  case replayed(count: Int, log: String, cutOff: Bool)
  /// `serve` listens beyond this machine on the address.
  case listeningWarning(host: String)
  /// `serve` on a PostgreSQL database listens beyond this machine over plain HTTP.
  case signInOverPlainHTTP(host: String)
  /// `serve`'s address.
  case serving(url: String)
  /// How to reach the server from another device.
  case otherDevices
  /// `serve`'s address on this machine's network, for a phone.
  case onThisNetwork(url: String)
  /// The terminal is narrower than the QR code of the address, which it would break.
  case qrCodeTooWide(columns: Int)
  /// How to stop the server.
  case pressControlC
  /// The standby of `--replica` failed, so reads go to the primary until it answers again.
  case replicaUnavailable(location: String, error: WordServiceError)
  /// The standby of `--replica` answers reads again.
  case replicaAnswering(location: String)
  /// The browser could not be opened with the program.
  case browserNotOpened(opener: String)
  /// `review` rated the word; its state after the review.
  case reviewed(Word, Rating, MemoryState)
  /// `import-reviews` added this many reviews from the file to the book's words.
  case importedReviews(count: Int, file: String, WordBook)
  /// `delete-book`'s question.
  case deleteBookQuestion(WordBook)
  /// `users add` added the user.
  case addedUser(String)
  /// `users passwd` gave the user a new password.
  case changedPassword(user: String)
  /// `users delete` deleted the user and what was theirs.
  case deletedUser(String)
  /// What a terminal shows before a new password is typed.
  case passwordPrompt(user: String)
  /// What it shows before the password is typed again.
  case passwordAgainPrompt
  /// `users delete`'s question.
  case deleteUserQuestion(String)
  /// `stats BOOK`'s line of what is due and how well it is remembered.
  case reviewStatistics(WordBook, ReviewStatistics)
  /// `stats BOOK`'s line of how well today's parameters predict the book's reviews; `nil` when
  /// no review came a day or more after the one before.
  case prediction(WordBook, ParameterEvaluation?)
  /// How far `optimize`'s fit has come, in percent.
  case fitting(percent: Int)
  /// `optimize --apply` stored the fitted parameters, which lower RMSE(bins).
  case parametersApplied(current: ParameterEvaluation, fitted: ParameterEvaluation)
  /// `optimize --apply` kept the current parameters: the fitted ones do not lower RMSE(bins).
  case parametersKept(current: ParameterEvaluation, fitted: ParameterEvaluation)
  /// `stats BOOK --chart FILE` wrote the book's review chart to the file.
  case chartWritten(WordBook, file: String)
}
