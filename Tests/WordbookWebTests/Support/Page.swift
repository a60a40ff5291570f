import Foundation
import Testing
import Wordbook

/// One page as the browser would hold it, without a browser: an event stream on a raw
/// connection, and its session's actions and windows over plain HTTP.
@MainActor
struct Page {
  let library: TestLibrary
  let stream: RawConnection
  let session: String
  /// How long the server may stay silent on a request or the stream.
  let patience: Duration

  /// Opens the event stream and waits for the session it names.
  init(_ library: TestLibrary, patience: Duration = .seconds(60)) async throws {
    self.library = library
    self.patience = patience
    stream = try RawConnection(port: library.server.port)
    // HTTP/1.0, so the stream comes unchunked and its events can be read as they are.
    try await stream.send(
      RawConnection.head("GET", library.prefix + "/events", headers: library.rawHeaders))
    let pattern = /event: session\ndata: \{"id":"([0-9a-f]+)"\}/
    #expect(try await stream.read(timeout: patience) { $0.contains(pattern) })
    session = try #require(stream.text.firstMatch(of: pattern)).1.description
  }

  /// Picks `book`, which has words, and waits until they are loaded.
  func open(_ book: WordBook.ID) async throws {
    // Until the session has read the books, a book it has not listed is unknown (404).
    #expect(
      try await WebTestEnvironment.waitUntil(timeout: patience) {
        try await send(#"{"kind":"selectBook","book":\#(book)}"#) == 202
      })
    // The session may have been reopening the book studied last: the stream can still bring
    // that load's "loaded" after the choice cleared its words. The session's own cards, asked
    // after the choice, are the choice's.
    #expect(
      try await WebTestEnvironment.waitUntil(timeout: patience) {
        try await cardCount() ?? 0 > 0
      })
  }

  /// The terms of the first `count` cards the session shows, by ID.
  func terms(ofFirst count: Int) async throws -> [Int64: String] {
    var terms: [Int64: String] = [:]
    for card in try await window(first: count)?.cards ?? [] {
      if let term = card.term { terms[card.id] = term }
    }
    return terms
  }

  /// How many cards the session shows, from its window; `nil` when it did not answer.
  func cardCount() async throws -> Int? {
    try await window(first: 1)?.count
  }

  /// A window of cards as `GET /cards` answers it, with the fields the tests read.
  struct CardWindow: Decodable {
    struct Card: Decodable {
      var id: Int64
      var term: String?
      var meaning: String?
      var state: String?
    }
    var count: Int
    var cards: [Card]
  }

  /// The session's window of its first `count` cards, as the page asks for it; `nil` when the
  /// server refused.
  ///
  /// Read with `JSONDecoder`: under the whole suite's load, `JSONSerialization` once crashed
  /// (a bad pointer in its parser) reading the 12 MiB card of `WebRobustnessTests`.
  func window(first count: Int) async throws -> CardWindow? {
    let answer = try await PlainHTTP.send(
      "GET", library.base + "/cards?session=\(session)&from=0&count=\(count)",
      headers: ["Cookie": library.cookie], timeout: patience.seconds)
    guard answer.status == 200 else { return nil }
    return try JSONDecoder().decode(CardWindow.self, from: Data(answer.body.utf8))
  }

  /// Sends one action as the page does and returns the status of the answer.
  func send(_ json: String) async throws -> Int {
    try await PlainHTTP.send(
      "POST", library.base + "/actions?session=\(session)", headers: library.pageHeaders,
      body: Data(json.utf8), timeout: patience.seconds
    ).status
  }

  /// Sends one command of the study screen as the page does (`{"command":"good"}`) and returns
  /// the status of the answer.
  func command(_ json: String) async throws -> Int {
    try await PlainHTTP.send(
      "POST", library.base + "/commands?session=\(session)", headers: library.pageHeaders,
      body: Data(json.utf8), timeout: patience.seconds
    ).status
  }

  /// The place the last `screen` event named: the cursor and whether the round is over; `nil`
  /// before the first.
  func screen() throws -> (cursor: Int, isRoundOver: Bool)? {
    guard let last = stream.text.matches(of: /event: screen\ndata: (\{[^\n]*\})/).last else {
      return nil
    }
    let json = try JSONSerialization.jsonObject(with: Data(last.output.1.utf8)) as? [String: Any]
    guard let cursor = json?["cursor"] as? Int,
      let over = (json?["round"] as? [String: Any])?["isOver"] as? Bool
    else {
      return nil
    }
    return (cursor, over)
  }

  /// The head of a POST of an action of `length` bytes to this page's session.
  func actionHead(length: Int) -> String {
    RawConnection.head(
      "POST", library.prefix + "/actions?session=\(session)",
      headers: library.rawHeaders + [
        ("Origin", library.origin), ("Content-Type", "application/json"),
        ("Content-Length", "\(length)"),
      ])
  }

  /// The `data-state` the page would give the card of `id`, from its session's window.
  func shownState(of id: Word.ID) async throws -> String? {
    let cards = try await window(first: 200)?.cards ?? []
    return cards.first { $0.id == id.rawValue }?.state
  }

  func close() {
    stream.close()
  }
}

extension TestLibrary {
  /// The headers every raw request carries: the server's own Host and the token's cookie.
  var rawHeaders: [(String, String)] {
    [("Host", "127.0.0.1:\(server.port)"), ("Cookie", cookie)]
  }
}

extension Duration {
  /// The duration in seconds, as URLRequest takes a timeout.
  var seconds: TimeInterval {
    let (seconds, attoseconds) = components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}
