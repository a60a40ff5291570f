import Dispatch
import Wordbook

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Serves the study page: one store per open page over one shared service, with the
/// security rules of a local server that holds a learner's data.
///
/// ```swift
/// let server = try WebServer(service: service)
/// print("Open \(server.url)")
/// // … run the main actor until the learner stops the server …
/// await server.stop()
/// ```
@MainActor
public final class WebServer {
  private let daemon: HTTPDaemon
  private let sessions: WebSessions
  private var isStopped = false

  /// The address to open, with the secret token that lets a browser in.
  public let url: String

  /// The port the server listens on.
  public let port: UInt16

  /// Whether only this machine can connect; otherwise anyone on the network who has the
  /// token can.
  public let isLoopback: Bool

  /// Whether the server listens on every address of this machine (`0.0.0.0`, `0`, `::`), so
  /// that other devices reach it through whichever of those addresses they can see.
  public let listensOnEveryAddress: Bool

  /// Starts serving.
  ///
  /// - Parameters:
  ///   - service: The service every session's store talks to.
  ///   - host: The IP address to listen on (an IPv6 one with or without brackets), or
  ///     `localhost`.
  ///   - port: The port, or 0 for any free one.
  ///   - limits: How much the server accepts.
  /// - Throws: ``WebServerError`` when libmicrohttpd is missing, the address is unusable or
  ///   the page's files are missing.
  public init(
    service: any WordService, host: String = "127.0.0.1", port: UInt16 = 0,
    limits: WebServerLimits = WebServerLimits()
  ) throws(WebServerError) {
    // The brackets of an IPv6 address belong to a URL, not to the address.
    let address =
      host == "localhost"
      ? "127.0.0.1"
      : host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    let resources = PageResources.load()
    let listener = try HTTPListener(host: address, port: port)
    isLoopback = listener.isLoopback
    listensOnEveryAddress = listener.isUnspecified
    // The printed address is the one listened on; a wildcard is reached through loopback.
    let shownHost =
      listener.isUnspecified
      ? (listener.isIPv6 ? "[::1]" : "127.0.0.1")
      : listener.isIPv6 ? "[\(listener.host)]" : listener.host
    let access = AccessGuard(
      token: AccessGuard.makeToken(), home: "/\(AccessGuard.makeToken().prefix(32))/",
      port: listener.port, isLoopback: isLoopback, ownHost: shownHost)
    sessions = WebSessions(service: service, limit: limits.sessions)
    let router = WebRouter(access: access, resources: resources, sessions: sessions)
    daemon = try HTTPDaemon(
      listener: listener, limits: limits, admit: { access.refusal(of: $0) },
      respond: { router.respond(to: $0) })
    self.port = listener.port
    url = "http://\(shownHost):\(listener.port)\(access.home)?token=\(access.token)"
  }

  /// How many pages are open.
  public var sessionCount: Int { sessions.count }

  /// Ends every page's session and stops listening.
  public func stop() async {
    guard !isStopped else { return }
    isStopped = true
    sessions.closeAll()
    let daemon = daemon
    // Stopping joins the polling thread, which may be waiting for the main actor, so it
    // happens elsewhere while the main actor stays free.
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        daemon.stop()
        done.resume()
      }
    }
  }
}
