import Foundation
import Testing
import Wordbook
import WordbookWeb

/// Bad input over real loopback sockets: connections that drop in the middle of a save,
/// more pages than the server takes, a book that does not exist, a body too large to say so
/// up front. The server answers each with a clear status and keeps serving the others.
@Suite(.enabled(if: WebTestEnvironment.hasLibrary, WebTestEnvironment.libraryReason))
@MainActor
struct WebRobustnessTests {
  @Test func aConnectionDroppedDuringASaveLosesNothingAndOthersAreServed() async throws {
    try await TestLibrary.with { library in
      let first = try await Page(library)
      defer { first.close() }
      let second = try await Page(library)
      defer { second.close() }
      try await first.open(library.book.id)
      try await second.open(library.book.id)

      // Half a body, then gone: the action was never whole, so it must change nothing.
      let halfSent = Data(#"{"kind":"saveWord","term":"half sent","meaning":"never whole"}"#.utf8)
      let half = try RawConnection(port: library.server.port)
      try await half.send(
        first.actionHead(length: halfSent.count)
          + String(decoding: halfSent.prefix(halfSent.count / 2), as: UTF8.self))
      half.close()
      // A whole mark whose sender leaves before the answer: it may or may not apply, but the
      // page's store and the database must end up agreeing about it.
      let dropped = library.words[1].id
      let whole = Data(#"{"kind":"markSuccess","id":\#(dropped)}"#.utf8)
      let leaver = try RawConnection(port: library.server.port)
      try await leaver.send(
        first.actionHead(length: whole.count) + String(decoding: whole, as: UTF8.self))
      leaver.close()

      // What is acknowledged after that, in both pages, reaches the database.
      #expect(try await first.send(#"{"kind":"markSuccess","id":\#(library.words[2].id)}"#) == 200)
      #expect(
        try await first.send(#"{"kind":"saveWord","term":"acknowledged","meaning":"kept"}"#)
          == 202)
      #expect(try await second.send(#"{"kind":"markFail","id":\#(library.words[4].id)}"#) == 200)
      let saved = try await WebTestEnvironment.waitUntil {
        let words = try await library.service.fetchWords(in: library.book.id)
        return words.contains { $0.term == "acknowledged" }
          && words.first { $0.id == library.words[2].id }?.studyState == .success
          && words.first { $0.id == library.words[4].id }?.studyState == .fail
      }
      #expect(saved)
      let words = try await library.service.fetchWords(in: library.book.id)
      #expect(!words.contains { $0.term == "half sent" })
      let agree = try await WebTestEnvironment.waitUntil {
        let stored = try await library.service.fetchWords(in: library.book.id)
          .first { $0.id == dropped }?.studyState
        return try await first.shownState(of: dropped) == stored.map(\.name)
      }
      #expect(agree)
    }
  }

  @Test func pagesBeyondTheLimitAreRefusedWhileTheOpenOnesWork() async throws {
    try await TestLibrary.with(limits: .init(sessions: 2)) { library in
      let first = try await Page(library)
      defer { first.close() }
      let second = try await Page(library)
      for _ in 0..<4 {
        let refused = try await PlainHTTP.send(
          "GET", library.base + "/events", headers: ["Cookie": library.cookie])
        #expect(refused.status == 503)
        #expect(refused.body.contains("Too many pages are open on this server (2)"))
      }
      #expect(library.server.sessionCount == 2)
      try await first.open(library.book.id)
      #expect(try await first.send(#"{"kind":"markSuccess","id":\#(library.words[0].id)}"#) == 200)
      #expect(try await first.shownState(of: library.words[0].id) == "known")
      // A closed page gives its place back once a keep-alive line (every 5 s) finds the
      // connection gone: about 10 s, since the first write to a closed connection succeeds;
      // beside the whole suite on two loaded cores, it was seen to take more than 30 s.
      second.close()
      #expect(
        try await WebTestEnvironment.waitUntil(timeout: .seconds(120)) {
          library.server.sessionCount == 1
        })
      let third = try await Page(library)
      defer { third.close() }
      #expect(library.server.sessionCount == 2)
    }
  }

  @Test func aMissingBookGetsAClearMessageAndThePageGoesOn() async throws {
    try await TestLibrary.with { library in
      let page = try await Page(library)
      defer { page.close() }
      // Once the page has the list, as a learner does: the book is not found, nothing changes.
      #expect(
        try await page.stream.read(timeout: page.patience) {
          $0.contains(#""title":"\#(library.book.title)""#)
        })
      #expect(try await page.send(#"{"kind":"selectBook","book":987654}"#) == 404)
      #expect(try await page.send(#"{"kind":"markSuccess","id":987654}"#) == 404)
      try await page.open(library.book.id)
    }
  }

  /// What a learner does to books is the page's to send, renaming and deleting included.
  @Test func thePageMayRenameAndDeleteABook() async throws {
    try await TestLibrary.with { library in
      let page = try await Page(library)
      defer { page.close() }
      let book = library.book.id
      // As a learner can rename only a book the page lists: sent before the session has
      // loaded the list, the rename is refused as one of an unknown book.
      #expect(
        try await page.stream.read(timeout: page.patience) {
          $0.contains(#""title":"\#(library.book.title)""#)
        })
      #expect(
        try await page.send(#"{"kind":"renameBook","book":\#(book),"title":"Renamed"}"#) == 202)
      // Generous: in the full suite on two loaded cores, CI's test process stalls for a minute.
      let renamed = try await WebTestEnvironment.waitUntil(timeout: .seconds(300)) {
        try await library.service.fetchBooks().first { $0.id == book }?.title == "Renamed"
      }
      #expect(renamed)
      #expect(try await page.send(#"{"kind":"deleteBook","book":\#(book)}"#) == 202)
      let deleted = try await WebTestEnvironment.waitUntil(timeout: .seconds(300)) {
        try await !library.service.fetchBooks().contains { $0.id == book }
      }
      #expect(deleted)
    }
  }

  /// A chunked body announces no length, so the limit is only found while it arrives.
  @Test func aChunkedBodyOverTheLimitIsRefused() async throws {
    try await TestLibrary.with(limits: .init(bodyBytes: 1024)) { library in
      let connection = try RawConnection(port: library.server.port)
      defer { connection.close() }
      let chunk = String(repeating: " ", count: 2048)
      try await connection.send(
        RawConnection.head(
          "POST", library.prefix + "/actions?session=x", version: "HTTP/1.1",
          headers: library.rawHeaders + [
            ("Origin", library.origin), ("Content-Type", "application/json"),
            ("Transfer-Encoding", "chunked"),
            ("Connection", "close"),
          ])
          + String(chunk.utf8.count, radix: 16) + "\r\n" + chunk + "\r\n0\r\n\r\n")
      let answer = try await connection.readToEnd()
      #expect(answer.hasPrefix("HTTP/1.1 413"), "\(answer.prefix(80))")
      #expect(answer.contains("larger than Wordbook accepts"))
      let page = try await PlainHTTP.send(
        "GET", library.base + "/", headers: ["Cookie": library.cookie])
      #expect(page.status == 200)
    }
  }
}

extension WebRobustnessTests {
  /// A debug server needs about a second of CPU for a 12 MiB body; in the full suite, on two
  /// loaded cores, CI saw that stretch past the plain ten seconds.
  static let largeBodyPatience = Duration.seconds(300)

  /// Imports allow a term and a meaning of 1 MiB each; control characters are the worst case,
  /// six bytes of JSON each, so the card's every event is 12 MiB, over the stream's old 4 MiB.
  @Test func aCardOfTheLargestSizeAnImportAllowsIsShownAndChanged() async throws {
    // Under the thread sanitizer, beside the whole suite, the page's session once never showed
    // the book as loaded within 300 s, with every thread of the process idle: a wake-up lost
    // somewhere between the store and the suspended stream, not yet found. The test runs there
    // too and its failures are recorded, as a known issue; everywhere else they fail the run.
    try await withKnownIssue(
      "a 12 MiB card's session stalled under the thread sanitizer", isIntermittent: true
    ) {
      try await showAndChangeTheLargestCard()
    } when: {
      WebTestEnvironment.isUnderThreadSanitizer
    }
  }

  private func showAndChangeTheLargestCard() async throws {
    let term = String(repeating: "\u{1}", count: 1 << 20)
    let meaning = String(repeating: "\u{2}", count: 1 << 20)
    let drafts = [WordDraft(term: term, meaning: meaning), WordDraft(term: "small", meaning: "s")]
    try await TestLibrary.with(drafts: drafts) { library in
      let page = try await Page(library, patience: Self.largeBodyPatience)
      defer { page.close() }
      try await page.open(library.book.id)
      let big = library.words[0].id
      let clock = ContinuousClock()
      let started = clock.now
      let window = try await PlainHTTP.send(
        "GET", library.base + "/cards?session=\(page.session)&from=0&count=20",
        headers: ["Cookie": library.cookie], timeout: Self.largeBodyPatience.seconds)
      #expect(window.status == 200)
      let shown = try JSONDecoder().decode(Page.CardWindow.self, from: Data(window.body.utf8))
      #expect(shown.cards.first { $0.term == term }?.meaning == meaning)
      // A page reads its stream as it goes: first the screen's page of cards, which holds the
      // big card (up to the end of its meaning), so that the stream never holds more than the
      // limit unread.
      #expect(
        try await page.stream.read(
          timeout: Self.largeBodyPatience, untilReceiving: #"\u0002""#))
      // Each of these sends the whole card as one event.
      #expect(try await page.send(#"{"kind":"flip","id":\#(big)}"#) == 202)
      #expect(try await page.send(#"{"kind":"markSuccess","id":\#(big)}"#) == 200)
      #expect(
        try await page.stream.read(
          timeout: Self.largeBodyPatience, untilReceiving: "event: card\n", times: 2))
      // An edit that keeps the card as large goes through the page's own request too.
      let edit = try JSONSerialization.data(withJSONObject: [
        "kind": "editWord", "id": big.rawValue, "term": term, "meaning": meaning + "!",
      ])
      #expect(
        try await PlainHTTP.send(
          "POST", library.base + "/actions?session=\(page.session)",
          headers: library.pageHeaders, body: edit, timeout: Self.largeBodyPatience.seconds
        ).status == 202)
      let edited = try await WebTestEnvironment.waitUntil(timeout: Self.largeBodyPatience) {
        try await library.service.fetchWords(in: library.book.id)
          .first { $0.id == big }?.meaning == meaning + "!"
      }
      #expect(edited)
      // The session has not ended: the page's requests are still answered.
      #expect(try await page.shownState(of: big) == "known")
      #expect(try await page.send(#"{"kind":"markFail","id":\#(library.words[1].id)}"#) == 200)
      print("WebRobustnessTests: a 12 MiB card shown, changed and edited in \(clock.now - started)")
    }
  }
}
