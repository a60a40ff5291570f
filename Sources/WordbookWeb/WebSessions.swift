import Wordbook

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The open study sessions, one per connected page: over the server's one service, or over
/// each signed-in user's own.
@MainActor
final class WebSessions {
  private let limit: Int
  /// The other servers of the same accounts, which each page hears of.
  private let peers: [String]
  private var sessions: [String: WebSession] = [:]
  private var isClosed = false

  /// How many pages one signed-in learner may have open on one server, so that one learner
  /// cannot take every session of a server that many share.
  static let pagesPerLearner = 8

  init(limit: Int, peers: [String] = []) {
    self.limit = limit
    self.peers = peers
  }

  /// How many sessions are open.
  var count: Int { sessions.count }

  /// The secrets of the sign-ins the open pages were opened with.
  var signInSecrets: Set<String> { Set(sessions.values.compactMap { $0.signIn?.secret }) }

  /// The accounts whose pages are open.
  var signedInUsers: Set<Int64> { Set(sessions.values.compactMap { $0.signIn?.user.id }) }

  /// Opens a session over `service` whose errors are worded in `language`, with the learner's
  /// study preferences as the last session kept them, and answers with its event stream, or
  /// refuses when too many are open.
  ///
  /// - Parameter home: The folder of the page's sign-in (`/…/`), which the page keeps on the
  ///   peers it turns to, so that the cookie scoped to it goes there too.
  func open(
    language: Language, service: any WordService,
    signIn: (user: WebUser, secret: String)? = nil, home: String = "/"
  ) async -> HTTPResponse {
    if let refusal = refusal(language: language, signIn: signIn) { return refusal }
    let preferences = await StudyPreferencesKeeper.preferences(in: service)
    // Other pages may have opened, or the server begun to stop, while they were read.
    if let refusal = refusal(language: language, signIn: signIn) { return refusal }
    let id = AccessGuard.makeToken()
    let stream = EventStream { [weak self] in
      Task { @MainActor in self?.close(id) }
    }
    sessions[id] = WebSession(
      id: id, service: service, seed: UInt64.random(in: 0...UInt64.max), language: language,
      events: stream, signIn: signIn, peers: peers.map { $0 + home.dropLast() },
      preferences: preferences)
    return .events(stream)
  }

  /// Why a page may not open a session now, or `nil` when it may.
  private func refusal(
    language: Language, signIn: (user: WebUser, secret: String)?
  ) -> HTTPResponse? {
    guard !isClosed else { return .refusal(.stopping, in: language) }
    guard sessions.count < limit else {
      return .refusal(.tooManyPages(limit: limit), in: language)
    }
    if let user = signIn?.user,
      sessions.values.count(where: { $0.signIn?.user.id == user.id }) >= Self.pagesPerLearner
    {
      return .refusal(.tooManyPagesOfLearner(limit: Self.pagesPerLearner), in: language)
    }
    return nil
  }

  /// The session named by a request's `session` argument, when it was opened with the sign-in
  /// `secret` (`nil` on a server without accounts).
  func session(for request: HTTPRequest, signedInWith secret: String? = nil) -> WebSession? {
    guard let session = request.query["session"].flatMap({ sessions[$0] }),
      session.signIn?.secret == secret
    else { return nil }
    return session
  }

  /// Ends the sessions of the pages opened with the sign-in `secret`, which has ended.
  func close(signIn secret: String) {
    for (id, session) in sessions where session.signIn?.secret == secret { close(id) }
  }

  /// Ends session `id`, once its page has gone.
  func close(_ id: String) {
    sessions.removeValue(forKey: id)?.close()
  }

  /// Ends every session and refuses new ones, then waits until the preferences the learners
  /// chose are written.
  func closeAll() async {
    isClosed = true
    let closing = sessions.values
    sessions = [:]
    for session in closing { session.close() }
    for session in closing { await session.finishKeepingPreferences() }
  }
}
