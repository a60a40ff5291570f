import Foundation
import Testing
import Wordbook
import WordbookSQLite

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Kills a writing process with SIGKILL at random points and checks that every write it
/// acknowledged is in the reopened database, which passes `PRAGMA integrity_check`.
///
/// `WORDBOOK_CRASH_KILLS` sets the number of kills (default 20); `WORDBOOK_CRASH_SEED` the seed
/// of the generator choosing the kill points (default 1).
@Suite struct SQLiteCrashTests {
  @Test func acknowledgedWritesSurviveSIGKILL() async throws {
    let environment = ProcessInfo.processInfo.environment
    let kills = environment["WORDBOOK_CRASH_KILLS"].flatMap { Int($0) } ?? 20
    var generator = SplitMix64(seed: environment["WORDBOOK_CRASH_SEED"].flatMap(UInt64.init) ?? 1)
    let worker = try #require(CrashWorker.executable(), "SQLiteCrashWorker was not built")
    let folder = try TemporaryFolder()
    let path = folder.file("crash.sqlite")
    var log = CrashLog()
    for run in 0..<kills {
      let wanted = Int(generator.next(below: 60)) + 1
      let jitter = useconds_t(generator.next(below: 3000))
      let lines = try await CrashWorker.runAndKill(
        worker, arguments: [path, String(run)], afterLines: wanted, jitter: jitter)
      try log.record(lines)
    }
    let service = try SQLiteWordService(path: path)
    let lost = try await log.lostWrites(in: service)
    let integrity = try RawDatabase(path: path).text("PRAGMA integrity_check")
    print(
      "crash test: \(kills) kills, \(log.acknowledged) acknowledged writes checked "
        + "(\(log.saved.count) saves, \(log.marked.count) marks, \(log.reviewed.count) reviews, "
        + "\(log.deleted.count) deletes, \(log.imported.count) imports), \(lost.count) writes "
        + "lost, integrity \(integrity)")
    #expect(lost == [])
    #expect(integrity == "ok")
    #expect(log.acknowledged >= kills)
  }
}

/// What the worker acknowledged, across all runs.
struct CrashLog {
  var saved: [Word.ID: String] = [:]
  var marked: [Word.ID: StudyState] = [:]
  var deleted: Set<Word.ID> = []
  var reviewed: Set<Word.ID> = []
  var imported: [WordBook.ID: Int] = [:]
  var acknowledged = 0

  mutating func record(_ lines: [String]) throws {
    for line in lines {
      let fields = line.split(separator: " ").map(String.init)
      guard let kind = fields.first, fields.count >= 2, let number = Int64(fields[1]) else {
        Issue.record("unexpected worker output: \(line)")
        continue
      }
      acknowledged += 1
      switch kind {
      case "saved": saved[Word.ID(number)] = fields.dropFirst(2).joined(separator: " ")
      case "marked": marked[Word.ID(number)] = StudyState(rawValue: UInt8(fields[2]) ?? 9)
      case "deleted": deleted.insert(Word.ID(number))
      case "reviewed": reviewed.insert(Word.ID(number))
      case "imported": imported[WordBook.ID(number)] = Int(fields[2])
      default: Issue.record("unexpected worker output: \(line)")
      }
    }
  }

  /// Descriptions of acknowledged writes missing from the database.
  func lostWrites(in service: SQLiteWordService) async throws -> [String] {
    var lost: [String] = []
    let books = try await service.fetchBooks()
    var words: [Word.ID: Word] = [:]
    var memories: [Word.ID: MemoryState] = [:]
    for book in books {
      for word in try await service.fetchWords(in: book.id) { words[word.id] = word }
      for line in try await service.fetchSchedule(in: book.id, dueBy: nil) {
        memories[line.word.id] = line.memory
      }
      // An import is all or none, acknowledged or not.
      if book.title.hasPrefix("Crash import"), book.wordCount != 20 {
        lost.append("import \(book.id) has \(book.wordCount) of 20 words")
      }
    }
    let bookIDs = Set(books.map(\.id))
    for (id, count) in imported where !bookIDs.contains(id) || count != 20 {
      lost.append("import into book \(id)")
    }
    for id in deleted where words[id] != nil { lost.append("delete of \(id)") }
    for (id, term) in saved where !deleted.contains(id) {
      // Word i of a run is deleted when i % 7 == 0; an unacknowledged delete may have landed.
      let index = term.split(separator: "-").last.flatMap { Int($0) } ?? 1
      guard let word = words[id] else {
        if index % 7 != 0 { lost.append("save of \(id) \(term)") }
        continue
      }
      if word.term != term { lost.append("term of \(id): \(word.term) != \(term)") }
      // One review at most was ever recorded, after the mark; an acknowledged one is there
      // with the mark it gives (a rating and its mark are one write), and the stored state is
      // what the log replays to.
      let log = try await service.fetchReviews(of: id)
      if reviewed.contains(id), log.count != 1 { lost.append("review of \(id)") }
      if let review = log.last, word.studyState != review.studyState {
        lost.append("the mark of the review of \(id)")
      } else if log.isEmpty, let state = marked[id], word.studyState != state {
        lost.append("mark of \(id)")
      }
      let replayed = WordMemory.replaying(log, of: id, with: ReviewScheduler(settings: .standard))
      if memories[id] != replayed.state { lost.append("memory state of \(id)") }
    }
    return lost
  }
}
