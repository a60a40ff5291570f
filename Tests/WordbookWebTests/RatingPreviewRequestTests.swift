import Foundation
import Testing
import Wordbook
import WordbookWeb

/// `GET /preview`: what each rating of a card would schedule, for the words the page's own
/// session shows and no other.
@Suite(.enabled(if: WebTestEnvironment.hasLibrary, WebTestEnvironment.libraryReason))
@MainActor
struct RatingPreviewRequestTests {
  @Test func aPreviewIsOfAWordThePageShows() async throws {
    let service = InMemoryWordService(books: [
      ("Book", [WordDraft(term: "물", meaning: "water")]),
      ("Other", [WordDraft(term: "불", meaning: "fire")]),
    ])
    let server = try WebServer(service: service)
    do {
      let books = try await service.fetchBooks()
      let word = try #require(try await service.fetchWords(in: books[0].id).first)
      let other = try #require(try await service.fetchWords(in: books[1].id).first)
      let page = try await RawPageSession(on: server)
      let (origin, home, cookie, session) = (page.origin, page.home, page.cookie, page.id)
      defer { page.stream.close() }
      let preview = { (query: String) async throws -> PlainHTTP.Answer in
        try await PlainHTTP.send(
          "GET", origin + home + "preview?\(query)", headers: ["Cookie": cookie])
      }
      // No book is open yet: the page shows no word.
      #expect(try await preview("session=\(session)&word=\(word.id)").status == 404)
      #expect(
        try await WebTestEnvironment.waitUntil(timeout: .seconds(60)) {
          try await PlainHTTP.send(
            "POST", origin + home + "actions?session=\(session)",
            headers: ["Cookie": cookie, "Origin": origin, "Content-Type": "application/json"],
            body: Data(#"{"kind":"selectBook","book":\#(books[0].id)}"#.utf8)
          ).status == 202
        })
      #expect(
        try await WebTestEnvironment.waitUntil(timeout: .seconds(60)) {
          try await preview("session=\(session)&word=\(word.id)").status == 200
        })
      let answer = try await preview("session=\(session)&word=\(word.id)")
      let waits = try JSONDecoder().decode(Waits.self, from: Data(answer.body.utf8))
      #expect(waits.id == word.id.rawValue)
      #expect(waits.waits.count == 4)
      #expect(waits.waits[0] == 60 && waits.waits[2] == 600, "\(waits)")
      // Another book's word, no word, and no session are refused.
      let refused = try await preview("session=\(session)&word=\(other.id)")
      #expect(refused.status == 404)
      #expect(refused.body.hasPrefix("This page shows no such word."))
      #expect(try await preview("session=\(session)&word=x").status == 404)
      #expect(try await preview("word=\(word.id)").status == 404)
    } catch {
      await server.stop()
      throw error
    }
    await server.stop()
  }

  /// What `/preview` answers.
  private struct Waits: Decodable {
    var id: Int64
    var waits: [Int64]
  }
}
