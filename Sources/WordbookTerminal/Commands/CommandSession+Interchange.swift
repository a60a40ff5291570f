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
    out.writeLine(
      "Imported \(file) (\(parsed.format.rawValue)) into wordbook \(summary.book.id) "
        + "(\(summary.book.title.escapedForTerminal)): \(summary.imported) added, "
        + "\(summary.updated) updated, \(summary.skipped) skipped as duplicates, "
        + "\(parsed.problems.count + parsed.omittedProblemCount) rejected.")
    for problem in parsed.problems {
      out.writeLine("rejected \(problem.description.escapedForTerminal)")
    }
    if parsed.omittedProblemCount > 0 {
      out.writeLine("rejected \(parsed.omittedProblemCount) more lines, not listed")
    }
  }

  /// `wordbook export`: writes the book's words with their study states.
  func export(_ request: ExportRequest) async throws(CommandFailure) {
    let book = try await open(request.book)
    let format = request.resolvedFormat
    let text: String
    do {
      text = try FlashcardWriter.write(
        store.state.words.allWords.map(FlashcardRow.init), format: format)
    } catch {
      throw .runtime("cannot export as \(format.rawValue): \(error.description).")
    }
    guard let output = request.output else {
      out.write(text)
      return
    }
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
    } catch {
      throw .runtime("cannot write \(output): \(error.localizedDescription)")
    }
    out.writeLine(
      "Exported \(store.state.words.count) words of wordbook \(book.id) "
        + "(\(book.title.escapedForTerminal)) to \(output) as \(format.rawValue).")
  }
}

/// The signal that stopped an import, set by the signal handler.
private final class StopSignal: Sendable {
  let number = Mutex<Int32?>(nil)
}
