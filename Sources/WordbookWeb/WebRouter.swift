import Wordbook

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Answers requests on libmicrohttpd's polling thread: the security rules and the page's
/// files here, and whatever touches a store on the main actor.
struct WebRouter: Sendable {
  let access: AccessGuard
  let resources: PageResources
  let sessions: WebSessions

  /// The page in each language: `index.html` names its language, which picks the texts.
  private let pages: [PageLanguage: Data]

  init(access: AccessGuard, resources: PageResources, sessions: WebSessions) {
    self.access = access
    self.resources = resources
    self.sessions = sessions
    let page = resources.file(at: "/")?.data ?? Data()
    let english = String(decoding: page, as: UTF8.self)
    pages = [
      .english: page,
      .korean: Data(english.replacing("lang=\"en\"", with: "lang=\"ko\"").utf8),
    ]
  }

  /// The answer to `request`.
  func respond(to request: HTTPRequest) -> HTTPResponse {
    if let refusal = access.refusal(of: request) { return refusal }
    // Every URL lies in the page's folder (the refusal saw to that); inside it, names as usual.
    let path = "/" + request.path.dropFirst(access.home.count)
    if request.method == "GET", request.query["token"] != nil {
      // The token moves from the address to a cookie the page's script cannot read, and the
      // address loses it so that it stays out of the history and of screenshots.
      return .redirect(
        to: access.home,
        headers: [
          (
            "Set-Cookie",
            "\(AccessGuard.cookieName)=\(access.token); HttpOnly; SameSite=Strict; "
              + "Path=\(access.home)"
          )
        ])
    }
    // The page's scripts and style sheet; the page itself is worded per language below.
    if path != "/", let file = resources.file(at: path) {
      guard request.method == "GET" else {
        return .text(405, "\(request.method) is not allowed on \(path).")
      }
      return HTTPResponse(status: 200, contentType: file.contentType, body: file.data)
    }
    switch (request.method, path) {
    case ("GET", "/"):
      let language = PageLanguage(acceptLanguage: request.headers["Accept-Language"])
      return HTTPResponse(
        status: 200, contentType: "text/html; charset=utf-8", body: pages[language] ?? Data(),
        headers: [("Vary", "Accept-Language")])
    case ("GET", "/events"):
      // The page's own request: the browser sends the language it sent for the page.
      let language = PageLanguage(acceptLanguage: request.headers["Accept-Language"])
      return Self.onMainActor { [sessions] in sessions.open(language: language) }
    case ("GET", "/cards"):
      let from = request.query["from"].flatMap { Int($0) } ?? 0
      let count = request.query["count"].flatMap { Int($0) } ?? 50
      return Self.onMainActor { [sessions] in
        guard let session = sessions.session(for: request) else { return Self.sessionEnded }
        return .json(session.window(from: from, count: count))
      }
    case ("GET", "/chart"):
      return Self.onMainActor { [sessions] in
        guard let session = sessions.session(for: request) else { return Self.sessionEnded }
        return await Self.chart(of: session)
      }
    case ("POST", "/actions"):
      return receiveAction(request)
    case (_, "/"), (_, "/events"), (_, "/cards"), (_, "/chart"), (_, "/actions"):
      return .text(405, "\(request.method) is not allowed on \(path).")
    default:
      return .text(404, "Not found: \(path).")
    }
  }

  private static let sessionEnded = HTTPResponse.text(
    404, "This page's session has ended; reload the page.")

  /// The open book's review chart, now, as an SVG image.
  @MainActor
  private static func chart(of session: WebSession) async -> HTTPResponse {
    let now = Timestamp(secondsSince1970: Int64(Date().timeIntervalSince1970.rounded(.down)))
    do {
      guard let svg = try await session.chart(at: now) else {
        return .text(409, session.language.noBookForChart)
      }
      return HTTPResponse(status: 200, contentType: "image/svg+xml", body: Data(svg.utf8))
    } catch {
      return .text(500, session.language.describe(.service(error)))
    }
  }

  private func receiveAction(_ request: HTTPRequest) -> HTTPResponse {
    guard request.headers["Content-Type"]?.hasPrefix("application/json") == true else {
      return .text(415, "Send the action as application/json.")
    }
    var action: AppAction
    do {
      action = try JSONDecoder().decode(AppAction.self, from: request.body)
    } catch {
      return .text(400, "The body is not an action Wordbook knows: \(Self.describe(error)).")
    }
    guard Self.isSentByPage(action) else {
      return .text(
        403,
        "The page may not send this action; the store sends it itself when the service answers.")
    }
    // A review is at the server's time: a page's clock may be wrong, or set to rewrite history.
    if case .rate(let wordID, let rating, _) = action { action = .rate(wordID, rating, at: .now) }
    return Self.onMainActor { [sessions] in
      guard let session = sessions.session(for: request) else { return Self.sessionEnded }
      session.send(action)
      return .json([String: String](), status: 202)
    }
  }

  /// Whether the page may send `action`: what a learner does, never a service's answer, which
  /// only the store's effects produce, nor the session's own subscription. Every case is
  /// named, so a new action does not compile until it is allowed or refused here.
  static func isSentByPage(_ action: AppAction) -> Bool {
    switch action {
    case .createBook, .deleteBook, .loadBooks, .renameBook, .selectBook: true
    case .bookCreated, .bookDeleted, .bookRenamed, .booksLoaded, .lastStudiedBookLoaded,
      .wordsLoaded:
      false
    case .flip, .markFail, .markSuccess, .rate, .redo, .resetMark, .retryUnsavedMarks,
      .setSearchQuery, .setStudyMode, .shuffle, .toggleReverse, .toggleStudyMode, .undo:
      true
    case .reviewRecorded, .reviewRemoved, .scheduleLoaded, .studyStatesSaved: false
    case .deleteWord, .dismissError, .editWord, .saveWord: true
    case .wordDeleted, .wordEdited, .wordSaved: false
    case .outsideBooksLoaded, .outsideChanges, .outsideWordsLoaded, .subscribeToChanges,
      .unsubscribeFromChanges:
      false
    }
  }

  private static func describe(_ error: any Error) -> String {
    switch error {
    case DecodingError.dataCorrupted(let context): context.debugDescription
    case DecodingError.keyNotFound(let key, _): "missing field '\(key.stringValue)'"
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
      "wrong type at '\(context.codingPath.map(\.stringValue).joined(separator: "."))'"
    default: "\(error)"
    }
  }

  /// The answer `body` gives on the main actor, worked out while the connection waits: the
  /// polling thread serves the other connections meanwhile (see ``DeferredAnswers``).
  private static func onMainActor(
    _ body: @escaping @MainActor @Sendable () async -> HTTPResponse
  ) -> HTTPResponse {
    .later { await body() }
  }
}
