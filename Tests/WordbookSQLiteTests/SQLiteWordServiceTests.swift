import Foundation
import Testing
import Wordbook
import WordbookSQLite
import WordbookTesting

/// Opening files: persistence, the sample wordbook, and every file the service must refuse
/// without writing to it.
@Suite struct SQLiteWordServiceTests {
  let folder: TemporaryFolder
  let path: String

  init() throws {
    folder = try TemporaryFolder()
    path = folder.file("wordbook.sqlite")
  }

  /// Opening `path` must fail with `kind`; returns the error.
  @discardableResult
  func expectOpenFails(
    _ path: String, _ kind: WordServiceError.Kind, sourceLocation: SourceLocation = #_sourceLocation
  ) -> WordServiceError? {
    let error = #expect(throws: WordServiceError.self, sourceLocation: sourceLocation) {
      _ = try SQLiteWordService(path: path)
    }
    #expect(error?.kind == kind, "\(String(describing: error))", sourceLocation: sourceLocation)
    return error
  }

  func contents(_ path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
  }

  @Test func writesSurviveReopening() async throws {
    var saved: [Word] = []
    do {
      let service = try SQLiteWordService(path: path)
      #expect(service.createdDatabase)
      let book = try await service.createBook(title: "Book")
      for draft in AwkwardText.drafts {
        saved.append(try await service.saveWord(draft, to: book.id))
      }
      try await service.updateStudyStates([StudyStateChange(wordID: saved[1].id, state: .fail)])
      saved[1].studyState = .fail
    }
    let reopened = try SQLiteWordService(path: path)
    #expect(!reopened.createdDatabase)
    let books = try await reopened.fetchBooks()
    #expect(books.map(\.title) == ["Book"])
    #expect(try await reopened.fetchWords(in: try #require(books.first).id) == saved)
    #expect(try RawDatabase(path: path).text("PRAGMA integrity_check") == "ok")
  }

  @Test func openingSetsWALAndCreatesMissingFolders() async throws {
    let nested = folder.file("a/b/c/wordbook.sqlite")
    let service = try SQLiteWordService(path: nested)
    _ = try await service.createBook(title: "Book")
    #expect(FileManager.default.fileExists(atPath: nested))
    #expect(try RawDatabase(path: nested).text("PRAGMA journal_mode") == "wal")
  }

  @Test func sampleWordbookIsAddedOnlyToANewDatabase() async throws {
    do {
      let service = try SQLiteWordService(path: path, seedsSampleWordbook: true)
      let books = try await service.fetchBooks()
      #expect(books.map(\.title) == [SampleWordbook.title])
      let sample = try #require(books.first)
      let words = try await service.fetchWords(in: sample.id)
      #expect(words.map(\.term) == SampleWordbook.words.map(\.term))
      try await service.deleteWord(try #require(words.first).id)
    }
    let reopened = try SQLiteWordService(path: path, seedsSampleWordbook: true)
    let books = try await reopened.fetchBooks()
    #expect(books.map(\.wordCount) == [SampleWordbook.words.count - 1])
  }

  @Test func textFileIsRefusedUntouched() throws {
    for text in ["x", "hello, this is my shopping list\n", String(repeating: "text ", count: 900)] {
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
      let error = expectOpenFails(path, .corrupted)
      #expect(error?.message.contains("not a Wordbook database") == true)
      #expect(try contents(path) == Data(text.utf8))
      #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }
  }

  @Test func damagedHeaderIsRefused() throws {
    var bytes = Array("SQLite format 3\0".utf8)
    bytes += [UInt8](repeating: 0xFF, count: 4096)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    expectOpenFails(path, .corrupted)
    #expect(try contents(path) == Data(bytes))
  }

  @Test func anotherProgramsDatabaseIsRefusedUntouched() throws {
    try RawDatabase(path: path).execute(
      "PRAGMA journal_mode = DELETE; CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('x')"
    )
    let before = try contents(path)
    expectOpenFails(path, .corrupted)
    #expect(try contents(path) == before)
  }

  @Test func newerSchemaVersionIsRefusedUntouched() async throws {
    do {
      let service = try SQLiteWordService(path: path)
      _ = try await service.createBook(title: "Book")
    }
    try RawDatabase(path: path).execute("PRAGMA user_version = 99; PRAGMA journal_mode = DELETE")
    let before = try contents(path)
    let error = expectOpenFails(path, .unsupportedVersion)
    #expect(error?.message.contains("99") == true)
    #expect(try contents(path) == before)
  }

  @Test func aFirstVersionDatabaseGainsKeptWordCounts() async throws {
    let raw = try RawDatabase(path: path)
    try raw.execute(
      "PRAGMA application_id = \(0x5742_4B31); PRAGMA user_version = 1; "
        + Schema.migrations[0].joined(separator: ";\n") + ";"
        + "INSERT INTO books (title) VALUES ('Old'), ('Empty');"
        + "INSERT INTO words (book_id, term, meaning, study_state) VALUES "
        + "(1, 'a', 'x', 1), (1, 'b', 'y', 2), (1, 'c', 'z', 0)")
    let service = try SQLiteWordService(path: path)
    #expect(try await service.fetchBooks().map(\.wordCount) == [3, 0])
    let books = try await service.fetchBooks()
    let word = try await service.saveWord(WordDraft(term: "d", meaning: "w"), to: books[1].id)
    try await service.deleteWord(Word.ID(1))
    #expect(try await service.fetchBooks().map(\.wordCount) == [2, 1])
    #expect(try await service.fetchTallies()[books[0].id] == StudyTally(notStudied: 1, fail: 1))
    #expect(try await service.fetchWords(in: books[1].id) == [word])
    #expect(try raw.text("PRAGMA user_version") == String(Schema.migrations.count))
  }

  @Test func aSecondVersionDatabaseGetsUniqueTitlesAndASearchIndex() async throws {
    let raw = try RawDatabase(path: path)
    try raw.execute(
      "PRAGMA application_id = \(0x5742_4B31); PRAGMA user_version = 2; "
        + (Schema.migrations[0] + Schema.migrations[1]).joined(separator: ";\n") + ";"
        + "INSERT INTO books (title) VALUES ('TOEIC 800'), ('toeic 800 '), ('TOEIC 800 (2)'), "
        + "('Other'), ('TOEIC 800');"
        + "INSERT INTO words (book_id, term, meaning) VALUES "
        + "(1, '사랑하다', 'to love'), (2, 'apple', '사과'), (5, 'banana', 'fruit')")
    let service = try SQLiteWordService(path: path)
    let books = try await service.fetchBooks()
    #expect(
      books.map(\.title) == [
        "TOEIC 800", "toeic 800 (2)", "TOEIC 800 (2) (2)", "Other", "TOEIC 800 (3)",
      ])
    #expect(books.map(\.wordCount) == [1, 1, 0, 0, 1])
    let hits = try await service.searchWords(matching: "사랑하", in: nil, after: nil, limit: 10)
    #expect(hits.map(\.word.term) == ["사랑하다"])
    #expect(
      try await service.searchWords(matching: "사과", in: nil, after: nil, limit: 10).count == 1)
    let error = await #expect(throws: WordServiceError.self) {
      try await service.createBook(title: " toeic 800 (3)")
    }
    #expect(error?.kind == .titleTaken)
    #expect(try raw.text("PRAGMA user_version") == String(Schema.migrations.count))
    #expect(try raw.text("PRAGMA integrity_check") == "ok")
  }

  @Test func folderAtThePathIsRefused() throws {
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    expectOpenFails(path, .corrupted)
  }

  @Test func readOnlyFileIsRefused() async throws {
    do { _ = try await SQLiteWordService(path: path).createBook(title: "Book") }
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
    let before = try contents(path)
    let error = expectOpenFails(path, .readOnly)
    #expect(error?.message.contains("read-only") == true)
    #expect(try contents(path) == before)
  }

  @Test func readOnlyFolderIsRefused() async throws {
    let inside = folder.file("locked/wordbook.sqlite")
    do { _ = try await SQLiteWordService(path: inside).createBook(title: "Book") }
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o555], ofItemAtPath: folder.file("locked"))
    expectOpenFails(inside, .readOnly)
    expectOpenFails(folder.file("locked/other.sqlite"), .readOnly)
    expectOpenFails(folder.file("locked/sub/other.sqlite"), .readOnly)
  }

  @Test func folderThatCannotBeCreatedIsReported() throws {
    try Data("not a folder".utf8).write(to: URL(fileURLWithPath: folder.file("file")))
    let error = expectOpenFails(folder.file("file/sub/wordbook.sqlite"), .other)
    #expect(error?.message.contains("is a file, not a folder") == true)
  }
}
