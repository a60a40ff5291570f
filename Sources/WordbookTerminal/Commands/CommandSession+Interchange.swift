import Synchronization
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

extension CommandSession {
  /// `wordbook import`: streams the file's rows into the book in one transaction.
  ///
  /// The file is read in chunks inside the import's transaction and each chunk's cards go to
  /// the service as one batch, so memory holds a chunk of the file and a batch of cards, never
  /// the file; a record longer than 1 MiB is rejected with its line instead of being held.
  /// A file with no card, or that cannot be read, rolls back: no book is created or changed.
  /// Ctrl-C or SIGTERM cancels the import, which leaves the book as it was. The summary goes
  /// to standard output, rejected lines and notes to standard error.
  func importFile(_ request: ImportRequest) async throws(CommandFailure) {
    let file = request.file
    let descriptor = Glibc.open(request.file, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw .runtime(.cannotReadFile(file)) }
    defer { close(descriptor) }
    if request.isAnkiPackage || request.format == nil && Self.startsLikeAnkiPackage(descriptor) {
      return try await importPackage(request, fileDescriptor: descriptor)
    }
    let reading = ImportReading()
    let result = try await runImport(request) { write throws(WordServiceError) in
      try reading.read(descriptor, request, into: write)
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
      parsed = ParseResult(format: request.format ?? .tsv, separator: "")
    }
    reportRejected(parsed, header: request.header)
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
          file: file, format: parsed.format.rawValue, summary, request.duplicates,
          rejected: rejected)))
  }

  /// Runs an import of `rows` into the request's book in a task that Ctrl-C or SIGTERM
  /// cancels, showing its progress on a terminal.
  ///
  /// - Returns: The service's result.
  /// - Throws: The failure of a cancelled import (status 128 + the signal), or of a book
  ///   reference that names no book.
  func runImport(_ request: ImportRequest, rows: @escaping ImportRows)
    async throws(CommandFailure) -> Result<ImportSummary, any Error>
  {
    let service = service
    let title = try await importTitle(request.bookTitle)
    let progress = ImportProgress(catalogue: catalogue)
    let task = Task {
      try await service.importWords(
        intoBookTitled: title, onDuplicate: request.duplicates, progress: progress.report,
        rows: rows)
    }
    let stop = Mutex<Int32?>(nil)
    let signals = SignalWatcher(signals: [SIGINT, SIGTERM]) { number in
      stop.withLock { $0 = number }
      task.cancel()
    }
    let result = await task.result
    signals.cancel()
    progress.finish()
    if case .failure = result, let number = stop.withLock({ $0 }) {
      throw CommandFailure(status: 128 + number, problem: .importCancelled)
    }
    return result
  }

  /// Writes the rejected lines to standard error, and the header row when it was detected
  /// rather than asked for, since it may be a card (a Quizlet set whose first card is
  /// `word`/`definition`).
  private func reportRejected(_ parsed: ParseResult, header: FlashcardReadOptions.HeaderHandling) {
    let error = TerminalOutput.standardError
    if let fields = parsed.header, header == .detect {
      _ = error.write(catalogue.text(.headerDetected(fields)) + "\n")
    }
    for problem in parsed.problems {
      _ = error.write(catalogue.text(.rejected(problem.description)) + "\n")
    }
    if parsed.omittedProblemCount > 0 {
      _ = error.write(catalogue.text(.moreRejected(parsed.omittedProblemCount)) + "\n")
    }
  }

  /// `wordbook export`: writes the book's words with their study states, page by page.
  ///
  /// To a terminal, control characters in the words are shown escaped; to a pipe or a file the
  /// bytes are exact, so an export imports back as it was.
  func export(_ request: ExportRequest) async throws(CommandFailure) {
    let output =
      try request.output.map { path throws(CommandFailure) in
        try OutputFile.open(path, for: "--output", protecting: protected)
      } ?? out
    do throws(CommandFailure) {
      let book = try await book(request.book)
      let format = request.resolvedFormat
      var options = FlashcardWriteOptions()
      var count = 0
      try await forEachPage(of: book) { words throws(CommandFailure) in
        var text: String
        do throws(FlashcardWriteError) {
          text = try FlashcardWriter.write(
            words.map(FlashcardRow.init), format: format, options: options)
        } catch .separatorInField(let row, let separator) {
          throw .runtime(
            .exportFailed(
              format: format.rawValue,
              detail: FlashcardWriteError.separatorInField(row: count + row, separator: separator)
                .description))
        } catch {
          throw .runtime(.exportFailed(format: format.rawValue, detail: error.description))
        }
        if output.isTerminal { text = text.escapedForTerminal(keepingLineBreaks: true) }
        try output.write(text)
        options.includesHeader = false
        count += words.count
      }
      let isStandardOutput = output.isStandardOutput
      try output.commit()
      guard !isStandardOutput else { return }
      try out.writeLine(
        catalogue.text(
          .exported(count: count, book, file: output.name, format: format.rawValue)))
    } catch {
      output.discard()
      throw error
    }
  }
}

/// What the import read from its file, shared between the import's transaction, which reads
/// the file, and the command, which reports it.
private final class ImportReading: Sendable {
  /// The reader's result: the format and rejected lines, or why the file could not be read;
  /// `nil` when the service failed first (its error is the one to report).
  let result = Mutex<Result<ParseResult, FlashcardReadError>?>(nil)
  /// The cards handed to the service.
  let rowCount = Mutex(0)

  /// Reads the file and writes each chunk's cards as a batch; throws, rolling the import back,
  /// when the file cannot be read or holds no card.
  func read(
    _ descriptor: Int32, _ request: ImportRequest,
    into write: ([WordDraft]) throws(WordServiceError) -> Void
  ) throws(WordServiceError) {
    var failure: WordServiceError?
    var count = 0
    let read = Result { () throws(FlashcardReadError) -> ParseResult in
      try FlashcardReader.read(
        fileDescriptor: descriptor, format: request.format, options: request.readOptions
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
