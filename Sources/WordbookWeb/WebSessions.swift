import Wordbook

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The open study sessions, one per connected page, all over one service.
@MainActor
final class WebSessions {
  private let service: any WordService
  private let limit: Int
  private var sessions: [String: WebSession] = [:]
  private var isClosed = false

  init(service: any WordService, limit: Int) {
    self.service = service
    self.limit = limit
  }

  /// How many sessions are open.
  var count: Int { sessions.count }

  /// Opens a session whose errors are worded in `language` and answers with its event stream,
  /// or refuses when too many are open.
  func open(language: PageLanguage) -> HTTPResponse {
    guard !isClosed else { return .text(503, "The server is stopping.") }
    guard sessions.count < limit else {
      return .text(
        503, "Too many pages are open on this server (\(limit)); close one and reload this one.")
    }
    let id = AccessGuard.makeToken()
    let stream = EventStream { [weak self] in
      Task { @MainActor in self?.close(id) }
    }
    sessions[id] = WebSession(
      id: id, service: service, seed: UInt64.random(in: 0...UInt64.max), language: language,
      events: stream)
    return .events(stream)
  }

  /// The session named by a request's `session` argument.
  func session(for request: HTTPRequest) -> WebSession? {
    request.query["session"].flatMap { sessions[$0] }
  }

  /// Ends session `id`, once its page has gone.
  func close(_ id: String) {
    sessions.removeValue(forKey: id)?.close()
  }

  /// Ends every session and refuses new ones.
  func closeAll() {
    isClosed = true
    for session in sessions.values { session.close() }
    sessions = [:]
  }
}
