import Foundation
import Testing
import Wordbook
import WordbookSQLite

#if canImport(Glibc)
  import Glibc
#endif

/// The examples of WordbookSQLite's documentation (its DocC landing page and comments), as
/// written there, through the public API only.
@Suite struct DocumentationSnippetTests {
  /// `WordbookSQLite.md` and `SQLiteWordService`: the default location, opened. It runs in a
  /// process of its own, whose `WORDBOOK_DB` names a temporary file, so that no test opens a
  /// real user's database and no other test sees the variable.
  @Test func openingTheDefaultDatabase() async {
    await #expect(processExitsWith: .success) {
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("DocumentationSnippetTests-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: folder) }
      setenv("WORDBOOK_DB", folder.appendingPathComponent("wordbook.sqlite").path, 1)

      let service = try SQLiteWordService(
        path: SQLiteWordService.defaultLocation(), seedsSampleWordbook: true)
      let books = try await service.fetchBooks()
      guard books.map(\.title) == [SampleWordbook.title],
        FileManager.default.fileExists(
          atPath: folder.appendingPathComponent("wordbook.sqlite").path)
      else { exit(1) }
    }
  }

  /// `SQLiteWordService.defaultLocation(environment:)`.
  @Test func theDefaultLocation() {
    let path = SQLiteWordService.defaultLocation()
    // "/home/mina/.local/share/wordbook/wordbook.sqlite"
    let environment = ProcessInfo.processInfo.environment
    if environment["WORDBOOK_DB", default: ""].isEmpty {
      #expect(path.hasSuffix("/wordbook/wordbook.sqlite"))
    }
    #expect(path.hasPrefix("/"))
  }

  /// `FrontEndValueStore`, as a SQLite database adopts it.
  @Test func keepingAFrontEndsValue() async throws {
    let folder = try TemporaryFolder()
    let service: any WordService = try SQLiteWordService(path: folder.file("wordbook.sqlite"))
    var read: String?

    if let store = service as? any FrontEndValueStore {
      try await store.setFrontEndValue("dark", for: "theme")
      read = try await store.frontEndValue(for: "theme")  // "dark"
    }
    #expect(read == "dark")
  }
}
