import Foundation
import Synchronization
import Wordbook
import WordbookInterchange

#if canImport(Glibc)
  import Glibc
#endif

extension CommandSession {
  /// `wordbook import`: reads the file, then adds its rows to the book in one transaction.
  ///
  /// The file is read in chunks, so memory holds the cards and one chunk, never the file; a
  /// record longer than 1 MiB is rejected with its line instead of being held.
  /// Ctrl-C or SIGTERM cancels the import, which leaves the book as it was.
  func importFile(_ request: ImportRequest) async throws(CommandFailure) {
    let file = request.file.escapedForTerminal
    let descriptor = Glibc.open(request.file, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .runtime("cannot read \(file). Check the path and its permissions.")
    }
    if request.isAnkiPackage || request.format == nil && Self.startsLikeAnkiPackage(descriptor) {
      defer { close(descriptor) }
      return try await importPackage(request, fileDescriptor: descriptor)
    }
    var options = FlashcardReadOptions()
    options.separator = request.separator.map(FlashcardReadOptions.separator(named:))
    var drafts: [WordDraft] = []
    let read = Result { () throws(FlashcardReadError) -> ParseResult in
      try FlashcardReader.read(
        fileDescriptor: descriptor, format: request.format, options: options
      ) { rows in
        drafts.append(contentsOf: rows.lazy.map(\.draft))
      }
    }
    close(descriptor)
    let parsed: ParseResult
    switch read {
    case .success(let result):
      parsed = result
    case .failure(let error):
      throw .runtime("\(file): \(error.description.escapedForTerminal).")
    }
    let service = service
    let progress = ImportProgress(total: drafts.count)
    let task = Task { [drafts] in
      try await service.importWords(
        drafts, intoBookTitled: request.bookTitle, onDuplicate: request.duplicates,
        progress: progress.report)
    }
    let stop = StopSignal()
    let signals = SignalWatcher(signals: [SIGINT, SIGTERM]) { number in
      stop.number.withLock { $0 = number }
      task.cancel()
    }
    let result = await task.result
    signals.cancel()
    progress.finish()
    let summary: ImportSummary
    switch result {
    case .success(let value):
      summary = value
    case .failure(let error as WordServiceError):
      if let stopSignal = stop.number.withLock({ $0 }) {
        throw CommandFailure(
          status: 128 + stopSignal, message: "import cancelled; the wordbook was not changed.")
      }
      throw .runtime(error.message)
    case .failure(let error):
      throw .runtime(String(describing: error))
    }
    try out.writeLine(
      "Imported \(file) (\(parsed.format.rawValue)) into wordbook \(summary.book.id) "
        + "(\(summary.book.title.escapedForTerminal)): \(summary.imported) added, "
        + "\(summary.updated) updated, \(summary.skipped) skipped as duplicates, "
        + "\(parsed.problems.count + parsed.omittedProblemCount) rejected.")
    for problem in parsed.problems {
      try out.writeLine("rejected \(problem.description.escapedForTerminal)")
    }
    if parsed.omittedProblemCount > 0 {
      try out.writeLine("rejected \(parsed.omittedProblemCount) more lines, not listed")
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
            "cannot export as \(format.rawValue): "
              + "\(FlashcardWriteError.separatorInField(row: count + row, separator: separator)).")
        } catch {
          throw .runtime("cannot export as \(format.rawValue): \(error.description).")
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
        "Exported \(count) words of wordbook \(book.id) (\(book.title.escapedForTerminal)) to "
          + "\(output.name) as \(format.rawValue).")
    } catch {
      output.discard()
      throw error
    }
  }
}

/// The signal that stopped an import, set by the signal handler.
private final class StopSignal: Sendable {
  let number = Mutex<Int32?>(nil)
}
