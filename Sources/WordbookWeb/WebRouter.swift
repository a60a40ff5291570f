import Wordbook

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Answers requests on libmicrohttpd's polling thread: the security rules and the page's
/// files here, and whatever touches a store on the main actor, or the accounts, while the
/// request's connection waits (see ``DeferredAnswers``).
struct WebRouter: Sendable {
  /// Who may use the page.
  enum Gate: Sendable {
    /// Whoever holds the token the server printed: one learner's server, over one service.
    case token(service: any WordService)
    /// Learners who signed in, each over their own service.
    case signIn(SignIns)
  }

  /// Who a request comes from, once let in.
  enum Visitor: Sendable {
    case tokenHolder(service: any WordService)
    /// A signed-in learner, with their sign-in's secret and folder.
    case signedIn(user: WebUser, secret: String, home: String, SignIns)

    /// The sign-in's secret, which the page's session must have been opened with.
    var secret: String? {
      if case .signedIn(_, let secret, _, _) = self { return secret }
      return nil
    }
  }

  let access: AccessGuard
  let resources: PageResources
  let sessions: WebSessions
  let gate: Gate

  /// The page in each language: `index.html` naming the language, with its ``PageTexts`` and
  /// the key table (``PageKeys``).
  private let pages: [Language: Data]

  /// The paths the page's script asks for, besides its files.
  static let dynamicPaths: Set<String> = [
    "/", "/events", "/cards", "/chart", "/actions", "/commands", "/ratings",
  ]

  init(access: AccessGuard, resources: PageResources, sessions: WebSessions, gate: Gate) {
    self.access = access
    self.resources = resources
    self.sessions = sessions
    self.gate = gate
    let page = String(decoding: resources.file(at: "/")?.data ?? Data(), as: UTF8.self)
    pages = Dictionary(
      uniqueKeysWithValues: Language.allCases.map { language in
        let json = language.pageCatalogue.pageTexts.json
        let texts =
          "<script type=\"application/json\" id=\"texts\">\(json)</script>\n"
          + "<script type=\"application/json\" id=\"key-commands\">\(PageKeys.json)</script>\n</head>"
        let localized = page.replacing("lang=\"en\"", with: "lang=\"\(language.rawValue)\"")
          .replacing("</head>", with: texts)
        return (language, Data(localized.utf8))
      })
  }

  /// What becomes of `request` from its head alone: refused by the security rules, or admitted
  /// with the body it may send. Where learners sign in, a request without a cookie that signed
  /// in here may send no more than a sign-in's form needs (``SignIns/signedOutBodyBytes``).
  func admit(_ request: HTTPRequest) -> HTTPDaemon.Admission {
    if let refusal = access.refusal(of: request) { return .refused(refusal) }
    guard case .signIn(let signIns) = gate, !signIns.knows(request) else {
      return .admitted(bodyBytes: nil)
    }
    return .admitted(bodyBytes: SignIns.signedOutBodyBytes)
  }

  /// The answer to `request`; a request from a peer's page gets the headers that let that page
  /// read it (CORS).
  func respond(to request: HTTPRequest) -> HTTPResponse {
    let response = answer(to: request)
    guard let origin = request.headers["Origin"], access.peers.contains(origin) else {
      return response
    }
    return Self.allowing(origin, response)
  }

  /// `response` with the headers that let a page from `origin`, a peer's, read it.
  private static func allowing(_ origin: String, _ response: HTTPResponse) -> HTTPResponse {
    if case .later(let work) = response.body {
      return .later { allowing(origin, await work()) }
    }
    var response = response
    response.headers += [
      ("Access-Control-Allow-Origin", origin), ("Access-Control-Allow-Credentials", "true"),
      ("Vary", "Origin"),
    ]
    return response
  }

  private func answer(to request: HTTPRequest) -> HTTPResponse {
    if let refusal = access.refusal(of: request) { return refusal }
    // A peer's page asks before it posts an action here (a CORS preflight).
    if request.method == "OPTIONS" {
      return HTTPResponse(
        status: 204, contentType: "text/plain", body: Data(),
        headers: [
          ("Access-Control-Allow-Methods", "GET, POST"),
          ("Access-Control-Allow-Headers", "Content-Type"), ("Access-Control-Max-Age", "600"),
        ])
    }
    // Every URL lies in the page's folder (the refusal saw to that), or, where learners sign
    // in, in a sign-in's folder or none; inside it, names as usual.
    let (home, path): (String?, String) =
      switch gate {
      case .token: (access.home, "/" + request.path.dropFirst(access.home.count))
      case .signIn: Self.splitHome(request.path)
      }
    let language = Language(acceptLanguage: request.headers["Accept-Language"])
    if case .token = gate, request.method == "GET", let token = access.token,
      request.query["token"] != nil
    {
      // The token moves from the address to a cookie the page's script cannot read, and the
      // address loses it so that it stays out of the history and of screenshots. The key
      // outlives restarts, so the cookie lasts as long as a browser keeps one (400 days): a page
      // added to a phone's home screen opens without the token.
      return .redirect(
        to: access.home,
        headers: [
          (
            "Set-Cookie",
            "\(AccessGuard.cookieName)=\(token); HttpOnly; SameSite=Strict; "
              + "Path=\(access.home); Max-Age=34560000" + access.cookieSecurity
          )
        ])
    }
    // The page's scripts and style sheet, the same for everyone.
    if path != "/", let file = resources.file(at: path) {
      guard request.method == "GET" else {
        return .refusal(.methodNotAllowed(method: request.method, path: path), in: language)
      }
      return HTTPResponse(status: 200, contentType: file.contentType, body: file.data)
    }
    switch gate {
    case .token(let service):
      return answer(request, path: path, language: language, as: .tokenHolder(service: service))
    case .signIn(let signIns):
      return answerSigningIn(request, home: home, path: path, language: language, signIns)
    }
  }

  /// The answer to a request of a visitor let in, worked out while its connection waits when
  /// it needs a store.
  private func answer(
    _ request: HTTPRequest, path: String, language: Language, as visitor: Visitor
  ) -> HTTPResponse {
    switch (request.method, path) {
    case ("GET", "/"):
      return page(language)
    case ("GET", "/events"), ("GET", "/cards"), ("GET", "/chart"), ("GET", "/preview"),
      ("POST", "/actions"), ("POST", "/commands"), ("POST", "/ratings"):
      // Started on the main actor, where the sessions are: no hop on the way in or out.
      return .later { @MainActor in
        await answerNow(request, path: path, language: language, as: visitor)
      }
    case (_, "/"), (_, "/events"), (_, "/cards"), (_, "/chart"), (_, "/preview"), (_, "/actions"),
      (_, "/commands"), (_, "/ratings"):
      return .refusal(.methodNotAllowed(method: request.method, path: path), in: language)
    default:
      return .refusal(.notFound(path: path), in: language)
    }
  }

  /// The answer to a request of a visitor let in, off the polling thread, in the caller's
  /// isolation.
  nonisolated(nonsending) func answerNow(
    _ request: HTTPRequest, path: String, language: Language, as visitor: Visitor
  ) async -> HTTPResponse {
    switch (request.method, path) {
    case ("GET", "/"):
      return page(language)
    case ("GET", "/events"):
      switch visitor {
      case .tokenHolder(let service):
        return await sessions.open(language: language, service: service)
      case .signedIn(let user, let secret, let home, let signIns):
        do {
          let service = try await signIns.service(for: user)
          return await sessions.open(
            language: language, service: service, signIn: (user, secret), home: home)
        } catch {
          return .text(503, error.message(in: language, for: .visitor))
        }
      }
    case ("GET", "/cards"):
      let from = request.query["from"].flatMap { Int($0) } ?? 0
      let count = request.query["count"].flatMap { Int($0) } ?? 50
      return await MainActor.run { [sessions] in
        guard let session = sessions.session(for: request, signedInWith: visitor.secret) else {
          return .refusal(.sessionEnded, in: language)
        }
        return .json(session.window(from: from, count: count))
      }
    case ("GET", "/chart"):
      guard let session = await sessions.session(for: request, signedInWith: visitor.secret)
      else { return .refusal(.sessionEnded, in: language) }
      return await Self.chart(of: session)
    case ("GET", "/preview"):
      guard let session = await sessions.session(for: request, signedInWith: visitor.secret)
      else { return .refusal(.sessionEnded, in: language) }
      guard let word = request.query["word"].flatMap({ Int64($0) }) else {
        return .refusal(.wordNotShown, in: language)
      }
      return await session.ratingPreview(of: Word.ID(word))
    case ("POST", "/actions"):
      return await receiveAction(request, language: language, signedInWith: visitor.secret)
    case ("POST", "/commands"):
      return await receiveCommand(request, language: language, signedInWith: visitor.secret)
    case ("POST", "/ratings"):
      return await receiveRatings(request, language: language, signedInWith: visitor.secret)
    case (_, "/"), (_, "/events"), (_, "/cards"), (_, "/chart"), (_, "/preview"), (_, "/actions"),
      (_, "/commands"), (_, "/ratings"):
      return .refusal(.methodNotAllowed(method: request.method, path: path), in: language)
    default:
      return .refusal(.notFound(path: path), in: language)
    }
  }

  /// The study page in `language`, which may also connect to the peers.
  private func page(_ language: Language) -> HTTPResponse {
    var response = HTTPResponse(
      status: 200, contentType: "text/html; charset=utf-8", body: pages[language] ?? Data(),
      headers: [("Vary", "Accept-Language")])
    if !access.peers.isEmpty {
      let sources = (["'self'"] + access.peers.sorted()).joined(separator: " ")
      response.headers = response.headers.map { header in
        guard header.name == "Content-Security-Policy" else { return header }
        return (
          header.name, header.value.replacing("connect-src 'self'", with: "connect-src \(sources)")
        )
      }
    }
    return response
  }

  /// The open book's review chart, now, as an SVG image.
  @MainActor
  private static func chart(of session: WebSession) async -> HTTPResponse {
    let now = Timestamp(secondsSince1970: Int64(Date().timeIntervalSince1970.rounded(.down)))
    do {
      guard let svg = try await session.chart(at: now) else {
        return .refusal(.noBookForChart, in: session.language)
      }
      return HTTPResponse(status: 200, contentType: "image/svg+xml", body: Data(svg.utf8))
    } catch {
      return .text(500, error.message(in: session.language, for: .visitor))
    }
  }

  /// Whether the page may send `action`: what a learner does, never a service's answer, which
  /// only the store's effects produce, nor the session's own subscription. Every case is
  /// named, so a new action does not compile until it is allowed or refused here.
  static func isSentByPage(_ action: AppAction) -> Bool {
    switch action {
    case .study(.view(.subscribeToChanges)), .study(.view(.unsubscribeFromChanges)): false
    case .books(.view), .study(.view), .dismissError: true
    case .books, .study: false
    }
  }
}
