import Foundation
import Testing
import Wordbook
import WordbookTerminal
import WordbookTestSupport
import WordbookWeb

/// The example of WordbookWeb's documentation (its DocC landing page and `WebServer`), as
/// written there, through the public API only.
@Suite(.enabled(if: WebTestEnvironment.hasLibrary, WebTestEnvironment.libraryReason))
@MainActor
struct DocumentationSnippetTests {
  @Test func servingThePage() async throws {
    let service = InMemoryWordService(books: SampleWordbook.books)
    var printed: [String] = []
    func print(_ line: String) { printed.append(line) }

    let server = try WebServer(service: service)
    print("Open \(server.url)")
    // … run the main actor until the learner stops the server …
    let page = try await PlainHTTP.send("GET", server.url)
    #expect(page.status == 303)  // the token, exchanged for a cookie
    await server.stop()
    #expect(printed == ["Open \(server.url)"])
    #expect(server.url.hasPrefix("http://127.0.0.1:\(server.port)/"))
  }

  /// `WebServer(accounts:)`, with the accounts `wordbook serve` gives it on PostgreSQL.
  @Test func servingLearnersWhoSignIn() async throws {
    let url = try await PostgresTestServer.freshDatabaseURLForTest()
    let accounts = try await PostgresSignIns(url: url)
    var printed: [String] = []
    func print(_ line: String) { printed.append(line) }

    let server = try WebServer(accounts: accounts)
    print("Sign in at \(server.url)")
    let page = try await PlainHTTP.send("GET", server.url)
    #expect(page.status == 200)
    await server.stop()
    #expect(printed == ["Sign in at http://127.0.0.1:\(server.port)/login"])
  }

  /// `PageKey`: a key kept and given to the next server keeps the address.
  @Test func keepingTheAddress() async throws {
    let service = InMemoryWordService(books: SampleWordbook.books)
    var kept: String?
    func keep(_ text: String) { kept = text }
    let stored: String? = nil

    let key = stored.flatMap(PageKey.init) ?? PageKey()
    let server = try WebServer(service: service, key: key)
    keep(key.description)
    let address = String(server.url.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" })
    await server.stop()
    let next = try WebServer(service: service, key: try #require(kept.flatMap(PageKey.init)))
    #expect(String(next.url.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" }) == address)
    await next.stop()
  }

  /// `WebServerError.message(in:)`.
  @Test func wordingAnError() {
    #expect(
      WebServerError.invalidCertificate(.refused).message(in: .english).hasPrefix(
        "cannot serve HTTPS: GnuTLS refused the certificate or its key (do they match?). "))
  }
}
