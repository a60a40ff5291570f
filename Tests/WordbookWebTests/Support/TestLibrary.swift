import Foundation
import Testing
import Wordbook
import WordbookSQLite
import WordbookWeb

/// A web server over a fresh SQLite database in its own temporary folder, with one wordbook.
@MainActor
final class TestLibrary {
  let folder: URL
  let service: SQLiteWordService
  let server: WebServer
  let book: WordBook
  private(set) var words: [Word] = []

  /// The server's origin: scheme, host and port.
  var origin: String { "http://127.0.0.1:\(server.port)" }

  /// The page's folder, which every URL of the server lies in and which the cookie's Path
  /// names: `/`, a secret, `/`.
  var home: String {
    let path = server.url.dropFirst(origin.count)
    return String(path.prefix { $0 != "?" })
  }

  /// The page's folder without its last `/`, to put before a path such as `/events`.
  var prefix: String { String(home.dropLast()) }

  /// The server's address without the token: `base + "/events"` is the event stream's.
  var base: String { origin + prefix }

  /// A library whose book holds `terms`, each meaning "meaning of" the term.
  convenience init(
    terms: [String] = (1...12).map { "term \($0)" }, limits: WebServerLimits = .init()
  ) async throws {
    try await self.init(
      drafts: terms.map { WordDraft(term: $0, meaning: "meaning of \($0)") }, limits: limits)
  }

  /// A library whose one book, `title`, holds `drafts`.
  init(
    title: String = "Test book", drafts: [WordDraft], host: String = "127.0.0.1",
    limits: WebServerLimits = .init()
  ) async throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "WordbookWebTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    // A write waits for a lock another connection of a test holds for as long as a loaded
    // machine may take to look at the page meanwhile.
    service = try SQLiteWordService(
      path: folder.appendingPathComponent("words.sqlite").path,
      options: .init(busyTimeout: .seconds(60)))
    book = try await service.createBook(title: title)
    for draft in drafts {
      words.append(try await service.saveWord(draft, to: book.id))
    }
    server = try WebServer(service: service, host: host, limits: limits)
  }

  /// Stops the server and removes the folder.
  func close() async {
    await server.stop()
    try? FileManager.default.removeItem(at: folder)
  }

  /// Runs `body` with a library, closing it afterwards whatever happens.
  static func with(
    terms: [String] = (1...12).map { "term \($0)" }, host: String = "127.0.0.1",
    limits: WebServerLimits = .init(), _ body: (TestLibrary) async throws -> Void
  ) async throws {
    try await with(
      drafts: terms.map { WordDraft(term: $0, meaning: "meaning of \($0)") }, host: host,
      limits: limits, body)
  }

  /// Runs `body` with a library whose one book, `title`, holds `drafts`, closing it afterwards.
  static func with(
    title: String = "Test book", drafts: [WordDraft], host: String = "127.0.0.1",
    limits: WebServerLimits = .init(), _ body: (TestLibrary) async throws -> Void
  ) async throws {
    let library = try await TestLibrary(title: title, drafts: drafts, host: host, limits: limits)
    do {
      try await body(library)
    } catch {
      await library.close()
      throw error
    }
    await library.close()
  }
}
