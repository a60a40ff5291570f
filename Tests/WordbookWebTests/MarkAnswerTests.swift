import Foundation
import Testing
import Wordbook
import WordbookSQLite
import WordbookTestSupport
import WordbookTesting
import WordbookWeb

/// A page's mark is answered once the database holds it, so that an answer never tells the page
/// a mark was taken that a crash could still lose; until then the page shows it not saved.
@Suite(
  .enabled(
    if: WebTestEnvironment.hasLibrary && DatabaseLock.isAvailable,
    "needs libmicrohttpd and the sqlite3 shell"))
@MainActor
struct MarkAnswerTests {
  @Test func aMarkIsAnsweredOnceTheDatabaseHasIt() async throws {
    try await TestLibrary.with { library in
      let page = try await Page(library, patience: .seconds(120))
      defer { page.close() }
      try await page.open(library.book.id)
      let word = library.words[0]
      let path = library.folder.appendingPathComponent("words.sqlite").path
      let reader = try SQLiteWordService(path: path)
      let clock = ContinuousClock()
      // Another program holds the write lock: the mark waits for it.
      let lock = try DatabaseLock(path: path)
      let marking = Task { @MainActor in
        let status = try await page.send(#"{"kind":"markSuccess","id":\#(word.id)}"#)
        let answered = clock.now
        let stored = try await reader.fetchWords(in: library.book.id).first { $0.id == word.id }
        return (status, answered, stored?.studyState)
      }
      // Meanwhile the page says the mark is not saved yet.
      #expect(
        try await page.stream.read(timeout: .seconds(60)) { $0.contains(#""unsavedMarks":1"#) })
      let released = clock.now
      try await lock.release()
      let (status, answered, stored) = try await marking.value
      #expect(status == 200)
      #expect(answered > released, "the mark was answered before the database could save it")
      #expect(stored == .success)
      #expect(
        try await page.stream.read(timeout: .seconds(60)) {
          $0.matches(of: /"unsavedMarks":(\d+)/).last?.1 == "0"
        })
    }
  }

  /// A mark the service refuses is answered with the refusal, and the page shows it not saved.
  @Test func aMarkTheServiceRefusesIsAnsweredSo() async throws {
    let service = ScriptedWordService(
      wrapping: InMemoryWordService(books: [("Book", [WordDraft(term: "물", meaning: "water")])]))
    let server = try WebServer(service: service)
    do {
      let book = try #require(try await service.fetchBooks().first)
      let word = try #require(try await service.fetchWords(in: book.id).first)
      let page = try await RawPageSession(on: server)
      let (origin, home, cookie, stream, session) = (
        page.origin, page.home, page.cookie, page.stream, page.id
      )
      defer { stream.close() }
      let post = { (json: String) async throws -> Int in
        try await PlainHTTP.send(
          "POST", origin + home + "actions?session=\(session)",
          headers: ["Cookie": cookie, "Origin": origin, "Content-Type": "application/json"],
          body: Data(json.utf8)
        ).status
      }
      #expect(
        try await WebTestEnvironment.waitUntil(timeout: .seconds(60)) {
          try await post(#"{"kind":"selectBook","book":\#(book.id)}"#) == 202
        })
      // The session's own window, asked after the choice, has the book's word once it is in.
      #expect(
        try await WebTestEnvironment.waitUntil(timeout: .seconds(60)) {
          let window = try await PlainHTTP.send(
            "GET", origin + home + "cards?session=\(session)&from=0&count=1",
            headers: ["Cookie": cookie])
          return window.status == 200 && window.body.contains(#""count":1"#)
        })
      await service.fail(
        .updateStudyStates, call: await service.callCount(of: .updateStudyStates) + 1,
        with: WordServiceError(.unavailable, "Injected by a test."))
      #expect(try await post(#"{"kind":"markSuccess","id":\#(word.id)}"#) == 503)
      #expect(
        try await stream.read(timeout: .seconds(60)) {
          $0.matches(of: /"unsavedMarks":(\d+)/).last?.1 == "1"
        })
    } catch {
      await server.stop()
      throw error
    }
    await server.stop()
  }
}
