import Wordbook

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the server answers: a status, headers and either bytes or an event stream.
struct HTTPResponse: Sendable {
  enum Body: Sendable {
    case bytes(Data)
    case events(EventStream)
    /// Worked out off the polling thread, which goes on meanwhile (see ``DeferredAnswers``),
    /// in the work's own isolation: work on the main actor starts there, with no hop between.
    case later(@isolated(any) @Sendable () async -> HTTPResponse)
  }

  var status: UInt32
  var headers: [(name: String, value: String)]
  var body: Body

  /// Headers every answer carries: no script, style or connection from anywhere but this
  /// server, no framing, no sniffing, no caching and no referrer that could carry the token.
  static let protectiveHeaders: [(name: String, value: String)] = [
    (
      "Content-Security-Policy",
      "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
        + "img-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'none'; "
        + "frame-ancestors 'none'"
    ),
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
    ("Referrer-Policy", "no-referrer"),
    ("Cache-Control", "no-store"),
  ]

  init(status: UInt32, contentType: String, body: Data, headers: [(String, String)] = []) {
    self.status = status
    self.headers =
      Self.protectiveHeaders + [("Content-Type", contentType)]
      + headers.map { (name: $0.0, value: $0.1) }
    self.body = .bytes(body)
  }

  /// The refusal, worded in `language`, with its status.
  static func refusal(_ refusal: ServerRefusal, in language: Language) -> HTTPResponse {
    .text(refusal.status, language.pageCatalogue.sentence(refusal))
  }

  /// A plain-text answer, for refusals and errors: the message says what to do.
  static func text(_ status: UInt32, _ message: String) -> HTTPResponse {
    HTTPResponse(
      status: status, contentType: "text/plain; charset=utf-8", body: Data((message + "\n").utf8))
  }

  /// A JSON answer.
  static func json(_ value: some Encodable, status: UInt32 = 200) -> HTTPResponse {
    let data = (try? JSONEncoder().encode(value)) ?? Data("{}".utf8)
    return HTTPResponse(status: status, contentType: "application/json", body: data)
  }

  /// An empty JSON object, `{}`: an answer that says only its status.
  static func emptyJSON(status: UInt32) -> HTTPResponse {
    HTTPResponse(status: status, contentType: "application/json", body: Data("{}".utf8))
  }

  /// A redirect to `location` with extra headers.
  static func redirect(to location: String, headers: [(String, String)]) -> HTTPResponse {
    HTTPResponse(
      status: 303, contentType: "text/plain; charset=utf-8", body: Data(),
      headers: [("Location", location)] + headers)
  }

  /// The answer `work` gives, worked out while the connection waits and the polling thread
  /// serves the others.
  static func later(
    _ work: @escaping @isolated(any) @Sendable () async -> HTTPResponse
  ) -> HTTPResponse {
    var response = HTTPResponse(status: 200, contentType: "text/plain", body: Data())
    response.body = .later(work)
    return response
  }

  /// A server-sent-event stream.
  static func events(_ stream: EventStream) -> HTTPResponse {
    var response = HTTPResponse(
      status: 200, contentType: "text/event-stream; charset=utf-8", body: Data())
    response.body = .events(stream)
    return response
  }
}
