import Foundation
import Testing
import Wordbook

/// One page of a signed-in learner on a server with accounts, held without a browser: its
/// event stream on a raw connection, its actions over plain HTTP, as the learner's phone on
/// another server would send them.
@MainActor
struct SignedInPage {
  let origin: String
  let cookie: String
  /// The sign-in's folder, which every path of the page lies in.
  let home: String
  let stream: RawConnection
  let session: String

  /// Signs `name` in on the server at `port` and opens a page's event stream there.
  init(port: UInt16, name: String, password: String) async throws {
    origin = "http://127.0.0.1:\(port)"
    let answer = try await PlainHTTP.send(
      "POST", origin + "/login",
      headers: ["Origin": origin, "Content-Type": "application/x-www-form-urlencoded"],
      body: Data("name=\(name)&password=\(password.replacing(" ", with: "+"))".utf8), timeout: 60)
    #expect(answer.status == 303)
    cookie = try #require(SignInServer.cookie(of: answer))
    home = try #require(answer.headers["location"])
    stream = try RawConnection(port: port)
    try await stream.send(
      RawConnection.head(
        "GET", home + "events", headers: [("Host", "127.0.0.1:\(port)"), ("Cookie", cookie)]))
    let pattern = /event: session\ndata: \{[^}]*"id":"([0-9a-f]+)"/
    #expect(try await stream.read(timeout: .seconds(60)) { $0.contains(pattern) })
    session = try #require(stream.text.firstMatch(of: pattern)).1.description
  }

  /// Opens `book`, which has words, once the page lists it, and waits for its words.
  func open(_ book: WordBook) async throws {
    #expect(try await stream.read(timeout: .seconds(60)) { $0.contains(#""id":\#(book.id)"#) })
    #expect(try await send(#"{"kind":"selectBook","book":\#(book.id)}"#) == 202)
    // The session may have been reopening the book studied last: the stream can still bring
    // that load's words after the choice cleared them. The session's own cards, asked after
    // the choice, are the choice's.
    #expect(
      try await WebTestEnvironment.waitUntil(timeout: .seconds(60)) {
        let answer = try await PlainHTTP.send(
          "GET", origin + home + "cards?session=\(session)&from=0&count=1",
          headers: ["Cookie": cookie], timeout: 60)
        return answer.status == 200 && !answer.body.contains(#""count":0"#)
      })
  }

  /// Sends one action and returns the status of the answer.
  func send(_ json: String) async throws -> Int {
    try await PlainHTTP.send(
      "POST", origin + home + "actions?session=\(session)",
      headers: ["Origin": origin, "Cookie": cookie, "Content-Type": "application/json"],
      body: Data(json.utf8), timeout: 60
    ).status
  }

  func close() {
    stream.close()
  }
}
