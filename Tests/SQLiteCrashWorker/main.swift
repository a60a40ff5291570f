// Writes to a wordbook database until it is killed, printing one line per acknowledged write.
//
// Usage: SQLiteCrashWorker <database path> <run number>
//        SQLiteCrashWorker --open <database path>
//
// With --open, the worker waits for a line on standard input (so a test can release many
// workers at once), opens the database with the sample wordbook, prints
// "opened <created: 0 or 1> <book count>" and exits 0.
//
// Lines (each written with one unbuffered write after the call returned):
//   saved <word id> <term>       a saveWord call succeeded
//   marked <word id> <state>     an updateStudyStates call succeeded (state's raw value)
//   deleted <word id>            a deleteWord call succeeded
//   reviewed <word id>           a recordReview call succeeded (rating good, which marks the
//                                word known in the same write)
//   imported <book id> <count>   an importWords call into a new book succeeded
// Word i of a run is marked when i % 3 == 0, reviewed when i % 2 == 1, and deleted when
// i % 7 == 0; imports hold
// `CrashWorkerPlan.importSize` words. Any failure prints "error <message>" and exits 1.

import Wordbook
import WordbookSQLite

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

func emit(_ line: String) {
  var line = line + "\n"
  line.withUTF8 { bytes in _ = write(1, bytes.baseAddress, bytes.count) }
}

/// Opens `path` once the test releases the worker; see the usage above.
func openWhenReleased(_ path: String) async -> Never {
  _ = readLine()
  do throws(WordServiceError) {
    let service = try SQLiteWordService(path: path, seedsSampleWordbook: true)
    let books = try await service.fetchBooks()
    emit("opened \(service.createdDatabase ? 1 : 0) \(books.count)")
    // `_exit`, not `exit`: the line is written, and the exit handlers of the runtime's threads
    // are not needed; a worker that opened was once seen never to end.
    _exit(0)
  } catch {
    emit("error \(error.message)")
    _exit(1)
  }
}

let arguments = CommandLine.arguments
if arguments.count == 3, arguments[1] == "--open" { await openWhenReleased(arguments[2]) }
guard arguments.count == 3, let run = Int(arguments[2]) else {
  emit("error usage: SQLiteCrashWorker <database path> <run number> | --open <database path>")
  exit(2)
}

do throws(WordServiceError) {
  let service = try SQLiteWordService(path: arguments[1])
  let books = try await service.fetchBooks()
  let book: WordBook
  if let existing = books.first(where: { $0.title == "Crash test" }) {
    book = existing
  } else {
    book = try await service.createBook(title: "Crash test")
  }
  var index = 0
  while true {
    let term = "r\(run)-\(index)"
    let word = try await service.saveWord(
      WordDraft(term: term, meaning: "meaning of \(term)"), to: book.id)
    emit("saved \(word.id) \(term)")
    if index % 3 == 0 {
      let state: StudyState = index % 2 == 0 ? .success : .fail
      try await service.updateStudyStates([StudyStateChange(wordID: word.id, state: state)])
      emit("marked \(word.id) \(state.rawValue)")
    }
    if index % 2 == 1 {
      _ = try await service.recordReview(
        Review(rating: .good, time: Timestamp(secondsSince1970: 1_800_000_000)), of: word.id)
      emit("reviewed \(word.id)")
    }
    if index % 7 == 0 {
      try await service.deleteWord(word.id)
      emit("deleted \(word.id)")
    }
    if index % 25 == 24 {
      let drafts = (0..<20).map { WordDraft(term: "\(term)-\($0)", meaning: "imported") }
      let summary = try await service.importWords(
        drafts, intoBookTitled: "Crash import \(term)", onDuplicate: .keep, progress: { _ in })
      emit("imported \(summary.book.id) \(summary.added)")
    }
    index += 1
  }
} catch {
  emit("error \(error.message)")
  exit(1)
}
