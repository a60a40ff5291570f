import Foundation
import Testing
import Wordbook
import WordbookSQLite

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Many processes opening one database at the same moment, and a database file that has
/// more than one name.
@Suite struct SQLiteWordServiceOpeningTests {
  static let workers = 8

  let folder: TemporaryFolder

  init() throws {
    folder = try TemporaryFolder()
  }

  /// Releases `workers` processes on `path` at once and checks that every one opened it;
  /// returns how many of them created the database.
  func openAtOnce(_ path: String, expectingBooks books: Int) async throws -> Int {
    let worker = try #require(CrashWorker.executable(), "SQLiteCrashWorker was not built")
    let openings = try await CrashWorker.openAtOnce(worker, path: path, count: Self.workers)
    var created = 0
    for opening in openings {
      let fields = opening.output.split(whereSeparator: \.isWhitespace)
      #expect(opening.status == 0, "\(opening.output)")
      #expect(fields.first == "opened", "\(opening.output)")
      #expect(fields.last.flatMap { Int($0) } == books, "\(opening.output)")
      if fields.count == 3, fields[1] == "1" { created += 1 }
    }
    return created
  }

  @Test(arguments: [false, true])
  func processesOpeningANewDatabaseAtOnceAllSucceedAndCreateItOnce(fileExistsEmpty: Bool)
    async throws
  {
    for round in 0..<5 {
      let path = folder.file("new-\(round).sqlite")
      if fileExistsEmpty { #expect(FileManager.default.createFile(atPath: path, contents: nil)) }
      #expect(try await openAtOnce(path, expectingBooks: 1) == 1, "round \(round)")
      let books = try await SQLiteWordService(path: path).fetchBooks()
      #expect(books.map(\.title) == [SampleWordbook.title], "round \(round)")
      #expect(books.map(\.wordCount) == [SampleWordbook.words.count], "round \(round)")
      #expect(try RawDatabase(path: path).text("PRAGMA integrity_check") == "ok")
    }
  }

  @Test func processesOpeningAnExistingDatabaseAtOnceAllSucceedAndChangeNothing() async throws {
    let path = folder.file("existing.sqlite")
    let book = try await SQLiteWordService(path: path).createBook(title: "Mine")
    #expect(try await openAtOnce(path, expectingBooks: 1) == 0)
    let service = try SQLiteWordService(path: path)
    #expect(try await service.fetchBooks() == [WordBook(id: book.id, title: "Mine")])
    #expect(try RawDatabase(path: path).text("PRAGMA integrity_check") == "ok")
  }

  @Test func processesOpeningAFourthVersionDatabaseAtOnceUpgradeItOnce() async throws {
    let path = folder.file("version-4.sqlite")
    try RawDatabase(path: path).execute(
      "PRAGMA application_id = \(0x5742_4B31); PRAGMA user_version = 4; "
        + Schema.migrations.prefix(4).joined().joined(separator: ";\n") + ";"
        + "INSERT INTO books (title, title_key) VALUES ('Mine', 'mine');"
        + "INSERT INTO words (book_id, term, meaning) VALUES (1, '물', 'water')")
    #expect(try await openAtOnce(path, expectingBooks: 1) == 0)
    let raw = try RawDatabase(path: path)
    #expect(try raw.text("PRAGMA user_version") == String(Schema.migrations.count))
    #expect(try raw.text("SELECT count(*) FROM sqlite_schema WHERE name = 'reviews'") == "1")
    let service = try SQLiteWordService(path: path)
    let schedule = try await service.fetchSchedule(in: WordBook.ID(1), dueBy: nil)
    #expect(schedule.map(\.word.term) == ["물"])
    #expect(try raw.text("PRAGMA integrity_check") == "ok")
  }

  @Test func aDatabaseWithTwoNamesIsRefusedAndLeftUntouched() async throws {
    let path = folder.file("wordbook.sqlite")
    let other = folder.file("other-name.sqlite")
    let book = try await SQLiteWordService(path: path).createBook(title: "Book")
    _ = try await SQLiteWordService(path: path).saveWord(
      WordDraft(term: "term", meaning: "meaning"), to: book.id)
    #expect(link(path, other) == 0)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    for name in [path, other] {
      let error = #expect(throws: WordServiceError.self) {
        _ = try SQLiteWordService(path: name)
      }
      #expect(error?.kind == .other)
      #expect(error?.message.contains(name) == true, "\(String(describing: error))")
      #expect(error?.message.contains("2 names (hard links)") == true)
      #expect(error?.message.hasSuffix("it was not written.") == true)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == names)
    #expect(unlink(other) == 0)
    #expect(try await SQLiteWordService(path: path).fetchWords(in: book.id).map(\.term) == ["term"])
  }
}
