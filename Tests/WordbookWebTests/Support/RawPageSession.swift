import Testing
import WordbookWeb

/// A page's session on a one-learner server, opened as a page opens it but over a raw
/// connection: its event stream, which the test reads, and the names its requests carry.
@MainActor
struct RawPageSession {
  /// The server's origin, the page's folder and the token's cookie.
  let origin: String
  let home: String
  let cookie: String
  /// The event stream; close it when done.
  let stream: RawConnection
  /// The session's ID, from the stream's first event.
  let id: Substring

  /// Opens the event stream of a page of `server` and waits for its session.
  init(on server: WebServer) async throws {
    origin = "http://127.0.0.1:\(server.port)"
    home = String(server.url.dropFirst(origin.count).prefix { $0 != "?" })
    cookie = "wordbook_token=\(server.url.split(separator: "token=").last ?? "")"
    stream = try RawConnection(port: server.port)
    try await stream.send(
      RawConnection.head(
        "GET", home + "events",
        headers: [("Host", "127.0.0.1:\(server.port)"), ("Cookie", cookie)]))
    let pattern = /event: session\ndata: \{"id":"([0-9a-f]+)"\}/
    #expect(try await stream.read(timeout: .seconds(60)) { $0.contains(pattern) })
    id = try #require(stream.text.firstMatch(of: pattern)).1
  }
}
