import Foundation
import StoreCore
import Testing
import Wordbook
import WordbookSQLite

/// Writes that fail part-way (full disk, a busy database, a cancelled import) change nothing
/// and leave an intact file.
@Suite struct SQLiteWordServiceFailureTests {
  let folder: TemporaryFolder
  let path: String

  init() throws {
    folder = try TemporaryFolder()
    path = folder.file("wordbook.sqlite")
  }

  @Test func fullDiskFailsClearlyAndKeepsEarlierWrites() async throws {
    let setup = try SQLiteWordService(path: path)
    let book = try await setup.createBook(title: "Book")
    let kept = try await setup.saveWord(WordDraft(term: "kept", meaning: "m"), to: book.id)
    let pages = Int(try RawDatabase(path: path).text("PRAGMA page_count")) ?? 0
    let service = try SQLiteWordService(
      path: path, options: .init(maxPageCount: pages + 4))
    let drafts = (0..<500).map {
      WordDraft(term: "t\($0)", meaning: String(repeating: "meaning \($0) ", count: 20))
    }
    let error = await #expect(throws: WordServiceError.self) {
      try await service.importWords(
        drafts, intoBookTitled: "Big", onDuplicate: .keep, progress: { _ in })
    }
    #expect(error?.kind == .storageFull)
    #expect(error?.isRetryable == true)
    #expect(try await service.fetchBooks().map(\.title) == ["Book"])
    #expect(try await service.fetchWords(in: book.id) == [kept])
    #expect(try RawDatabase(path: path).text("PRAGMA integrity_check") == "ok")
  }

  @Test func fullDiskFailsASaveAndKeepsEverySavedWord() async throws {
    let book = try await SQLiteWordService(path: path).createBook(title: "Book")
    let pages = Int(try RawDatabase(path: path).text("PRAGMA page_count")) ?? 0
    let service = try SQLiteWordService(path: path, options: .init(maxPageCount: pages + 8))
    var saved: [Word] = []
    var failure: WordServiceError?
    for index in 0..<1000 where failure == nil {
      let draft = WordDraft(term: "t\(index)", meaning: String(repeating: "m", count: 2000))
      do {
        saved.append(try await service.saveWord(draft, to: book.id))
      } catch {
        failure = error
      }
    }
    #expect(failure?.kind == .storageFull)
    #expect(!saved.isEmpty)
    #expect(try await SQLiteWordService(path: path).fetchWords(in: book.id) == saved)
    #expect(try RawDatabase(path: path).text("PRAGMA integrity_check") == "ok")
  }

  @Test func busyDatabaseIsUnavailableAndRetryable() async throws {
    let service = try SQLiteWordService(path: path, options: .init(busyTimeout: .milliseconds(50)))
    let book = try await service.createBook(title: "Book")
    let other = try RawDatabase(path: path)
    try other.execute("BEGIN IMMEDIATE")
    let error = await #expect(throws: WordServiceError.self) {
      try await service.saveWord(WordDraft(term: "t", meaning: "m"), to: book.id)
    }
    #expect(error?.kind == .unavailable)
    #expect(error?.isRetryable == true)
    #expect(try await service.fetchWords(in: book.id) == [])
    try other.execute("COMMIT")
    _ = try await service.saveWord(WordDraft(term: "t", meaning: "m"), to: book.id)
    #expect(try await service.fetchWords(in: book.id).count == 1)
  }

  @Test func databaseLockedByAnotherProgramCannotBeOpened() async throws {
    _ = try await SQLiteWordService(path: path).createBook(title: "Book")
    let other = try RawDatabase(path: path)
    try other.execute("PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE")
    let error = #expect(throws: WordServiceError.self) {
      _ = try SQLiteWordService(path: path, options: .init(busyTimeout: .milliseconds(50)))
    }
    #expect(error?.kind == .unavailable)
    #expect(error?.isRetryable == true)
    try other.execute("COMMIT")
  }

  @Test func twoServicesOnOneFileTakeTurns() async throws {
    let first = try SQLiteWordService(path: path)
    let book = try await first.createBook(title: "Book")
    let second = try SQLiteWordService(path: path)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (index, service) in [first, second].enumerated() {
        group.addTask {
          for number in 0..<25 {
            _ = try await service.saveWord(
              WordDraft(term: "s\(index)-\(number)", meaning: "m"), to: book.id)
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(try await first.fetchWords(in: book.id).count == 50)
  }

  @Test func cancellingMidImportRollsBack() async throws {
    let service = try SQLiteWordService(path: path)
    let book = try await service.createBook(title: "Book")
    let drafts = (0..<5000).map { WordDraft(term: "t\($0)", meaning: "m") }
    let reports = Locked<[Int]>([])
    let result = await Task {
      try await service.importWords(drafts, intoBookTitled: "Book", onDuplicate: .keep) {
        value in
        reports.withLock { $0.append(value) }
        withUnsafeCurrentTask { $0?.cancel() }
      }
    }.result
    #expect(throws: WordServiceError.cancelled) { try result.get() }
    #expect(reports.withLock { $0 } == [ImportRowDecision.batchSize])
    #expect(try await service.fetchWords(in: book.id) == [])
    #expect(try await service.fetchBooks().map(\.wordCount) == [0])
  }
}
