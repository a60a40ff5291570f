import StoreCore
import Wordbook
import WordbookInterchange

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#endif

/// `wordbook import FILE --book TITLE [options]`: imports a flashcard file or an Anki package
/// into a wordbook, created when no book has the title.
struct ImportCommand: Subcommand {
  static let name = "import"
  static let arguments =
    "FILE --book TITLE [--format anki|quizlet|csv|tsv|apkg] [--separator S] [--card-separator S] "
    + "[--on-duplicate skip|update|keep] [--header|--no-header] [--term-column C] "
    + "[--meaning-column C] [--state-column C]"
  static let summary = "import a flashcard file into a wordbook"

  /// The file to read.
  var file: String
  /// The title of the book to import into; created when missing.
  var bookTitle: String
  /// The file's format, or `nil` to detect it.
  var format: FlashcardFormat?
  /// The field separator (a name such as `tab` or literal text), or `nil` for the format's.
  var separator: String?
  /// The separator between Quizlet cards (a name or literal text), or `nil` for a newline.
  var cardSeparator: String?
  /// What to do with a row equal to a card of the book (same term and meaning).
  var duplicates = DuplicatePolicy.skip
  /// Whether a CSV or TSV file starts with a header row (`--header`, `--no-header`).
  var header = FlashcardReadOptions.HeaderHandling.detect
  /// The column of the terms (`--term-column`), or `nil` for the header's or the first.
  var termColumn: FlashcardColumn?
  /// The column of the meanings (`--meaning-column`), or `nil` for the header's or the second.
  var meaningColumn: FlashcardColumn?
  /// The column of the study states (`--state-column`), or `nil` for the header's.
  var studyStateColumn: FlashcardColumn?
  /// Whether `--format apkg` named the file an Anki package; one is also detected by content.
  var isAnkiPackage = false

  func run(in session: CommandSession) async throws(CommandFailure) {
    try await session.importFile(self)
  }

  /// How to read the file.
  var readOptions: FlashcardReadOptions {
    FlashcardReadOptions(
      separator: separator.map(FlashcardReadOptions.separator(named:)),
      cardSeparator: cardSeparator.map(FlashcardReadOptions.separator(named:)), header: header,
      termColumn: termColumn, meaningColumn: meaningColumn, studyStateColumn: studyStateColumn)
  }
}

extension ImportCommand {
  init(parsing arguments: SubcommandArguments) throws(UsageError) {
    let split = try arguments.split(
      required: 1,
      options: [
        "book", "format", "separator", "card-separator", "on-duplicate", "term-column",
        "meaning-column",
        "state-column",
      ],
      flags: ["header", "no-header"])
    let options = split.options
    guard split.flags.count <= 1 else {
      throw UsageError(.conflictingHeaderFlags, usage: arguments.usage)
    }
    guard let book = options["book"] else {
      throw UsageError(.importNeedsBook, usage: arguments.usage)
    }
    let isAnkiPackage = options["format"]?.lowercased() == "apkg"
    self.init(
      file: split.values[0], bookTitle: book,
      format: isAnkiPackage ? nil : try arguments.choice(options["format"], of: "format"),
      separator: options["separator"], cardSeparator: options["card-separator"],
      duplicates: try arguments.choice(options["on-duplicate"], of: "on-duplicate") ?? .skip,
      header: split.flags.first.map { $0 == "header" ? .present : .absent } ?? .detect,
      termColumn: options["term-column"].map { FlashcardColumn(parsing: $0) },
      meaningColumn: options["meaning-column"].map { FlashcardColumn(parsing: $0) },
      studyStateColumn: options["state-column"].map { FlashcardColumn(parsing: $0) },
      isAnkiPackage: isAnkiPackage)
  }
}

extension CommandSession {
  /// `wordbook import`: streams the file's rows into the book in one transaction.
  ///
  /// The file is read in chunks inside the import's transaction and each chunk's cards go to
  /// the service as one batch, so memory holds a chunk of the file and a batch of cards, never
  /// the file; a record longer than 1 MiB is rejected with its line instead of being held.
  /// A file with no card, or that cannot be read, rolls back: no book is created or changed.
  /// SIGINT, SIGTERM or SIGHUP cancels the import, which leaves the book as it was. The summary goes
  /// to standard output, rejected lines and notes to standard error.
  fileprivate func importFile(_ command: ImportCommand) async throws(CommandFailure) {
    let file = command.file
    let descriptor = Glibc.open(command.file, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw .runtime(.cannotReadFile(file)) }
    defer { close(descriptor) }
    if command.isAnkiPackage || command.format == nil && Self.startsLikeAnkiPackage(descriptor) {
      return try await importPackage(command, fileDescriptor: descriptor)
    }
    let reading = ImportReading()
    let result = try await runImport(command, file: descriptor) { write throws(WordServiceError) in
      try reading.read(descriptor, command, into: write)
    }
    let read = reading.result.withLock { $0 }
    let parsed: ParseResult
    switch read {
    case .failure(let error)?:
      throw .runtime(.unreadableFlashcards(file: file, error))
    case .success(let value)?:
      parsed = value
    case nil:
      // The service failed (a blank title, a full disk) before or while reading: only its
      // error is reported.
      parsed = ParseResult(format: command.format ?? .tsv, separator: "")
    }
    reportRejected(parsed, of: file, header: command.header)
    let rejected = parsed.problems.count + parsed.omittedProblemCount
    let summary: ImportSummary
    switch result {
    case .success(let value):
      summary = value
    case .failure where read != nil && reading.rowCount.withLock({ $0 }) == 0:
      throw .runtime(
        .noCardToImport(file: file, format: parsed.format.rawValue, rejected: rejected))
    case .failure(let error as WordServiceError):
      throw .service(error)
    case .failure(let error):
      throw .runtime(.other(String(describing: error)))
    }
    try out.writeLine(
      catalogue.text(
        .imported(
          file: file, format: parsed.format.rawValue, summary, command.duplicates,
          rejected: rejected)))
  }

  /// Runs an import of `rows` into the book of `command` in a task that SIGINT, SIGTERM or
  /// SIGHUP cancels (see ``CommandInterruption``), showing its progress on a terminal.
  ///
  /// - Parameter file: The descriptor the rows are read from, whose position out of its size
  ///   the progress shows; `nil` when that says nothing (an Anki package's notes).
  /// - Returns: The service's result.
  /// - Throws: The failure of a cancelled import (status 128 + the signal), or of a book
  ///   reference that names no book.
  func runImport(_ command: ImportCommand, file: Int32? = nil, rows: @escaping ImportRows)
    async throws(CommandFailure) -> Result<ImportSummary, any Error>
  {
    let service = service
    let title = try await importTitle(command.bookTitle)
    let progress = ImportProgress(catalogue: catalogue, file: file)
    defer { progress.finish() }
    return try await CommandInterruption.shared.runCancellable {
      try await service.importWords(
        intoBookTitled: title, onDuplicate: command.duplicates, progress: progress.report,
        rows: rows)
    }
  }

  /// Writes the rejected lines of `file` to standard error, and the header row when it was detected
  /// rather than asked for, since it may be a card (a Quizlet set whose first card is
  /// `word`/`definition`).
  private func reportRejected(
    _ parsed: ParseResult, of file: String, header: FlashcardReadOptions.HeaderHandling
  ) {
    let error = TerminalOutput.standardError
    // The header of the app's own export is no news: only a header that may be a card is named.
    if let fields = parsed.header, header == .detect,
      fields.map({ $0.lowercased() }) != FlashcardWriter.headerFields
    {
      _ = error.write(catalogue.text(.headerDetected(fields)) + "\n")
    }
    for problem in parsed.problems {
      _ = error.write(catalogue.text(.rejected(file: file, problem)) + "\n")
    }
    if parsed.omittedProblemCount > 0 {
      _ = error.write(catalogue.text(.moreRejected(parsed.omittedProblemCount)) + "\n")
    }
  }
}

/// What the import read from its file, shared between the import's transaction, which reads
/// the file, and the command, which reports it.
private final class ImportReading: Sendable {
  /// The reader's result: the format and rejected lines, or why the file could not be read;
  /// `nil` when the service failed first (its error is the one to report).
  let result = Locked<Result<ParseResult, FlashcardReadError>?>(nil)
  /// The cards handed to the service.
  let rowCount = Locked(0)

  /// Reads the file and writes each chunk's cards as a batch; throws, rolling the import back,
  /// when the file cannot be read or holds no card.
  func read(
    _ descriptor: Int32, _ command: ImportCommand,
    into write: ([WordDraft]) throws(WordServiceError) -> Void
  ) throws(WordServiceError) {
    var failure: WordServiceError?
    var count = 0
    let read = Result { () throws(FlashcardReadError) -> ParseResult in
      try FlashcardReader.read(
        fileDescriptor: descriptor, format: command.format, options: command.readOptions
      ) { rows throws(FlashcardReadError) in
        count += rows.count
        do throws(WordServiceError) {
          try write(rows.map(\.draft))
        } catch {
          // A failed or cancelled import stops reading: the rest of the file is not needed,
          // and a pipe would otherwise be read to its end after Ctrl-C.
          failure = error
          throw .stopped
        }
      }
    }
    rowCount.withLock { $0 = count }
    if let failure { throw failure }
    result.withLock { $0 = read }
    if case .failure = read { throw WordServiceError(.invalidInput, "the file cannot be read") }
    if count == 0 { throw WordServiceError(.invalidInput, "the file holds no card") }
  }
}
