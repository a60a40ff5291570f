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

  /// Starts serving.
  ///
  /// - Parameters:
  ///   - service: The service every session's store talks to.
  ///   - host: The IP address to listen on, or `localhost`.
  ///   - port: The port, or 0 for any free one.
  ///   - limits: How much the server accepts.
  /// - Throws: ``WebServerError`` when libmicrohttpd is missing, the address is unusable or
  ///   the page's files are missing.
  public init(
    service: any WordService, host: String = "127.0.0.1", port: UInt16 = 0,
    limits: WebServerLimits = WebServerLimits()
  ) throws(WebServerError) {
    let address = host == "localhost" ? "127.0.0.1" : host
    let resources = PageResources.load()
    let listener = try HTTPListener(host: address, port: port)
    isLoopback = address.hasPrefix("127.") || address == "::1"
    // The printed address is the one listened on; a wildcard is reached through loopback.
    let shownHost =
      switch address {
      case "0.0.0.0": "127.0.0.1"
      case "::": "[::1]"
      default: address.contains(":") ? "[\(address)]" : address
      }
    let access = AccessGuard(
      token: AccessGuard.makeToken(), port: listener.port, isLoopback: isLoopback,
      ownHost: shownHost)
    sessions = WebSessions(service: service, limit: limits.sessions)
    let router = WebRouter(access: access, resources: resources, sessions: sessions)
    daemon = try HTTPDaemon(listener: listener, limits: limits) { router.respond(to: $0) }
    self.port = listener.port
    url = "http://\(shownHost):\(listener.port)/?token=\(access.token)"
  }

  /// How many pages are open.
  public var sessionCount: Int { sessions.count }

  /// Ends every page's session and stops listening.
  public func stop() async {
    guard !isStopped else { return }
    isStopped = true
    sessions.closeAll()
    let daemon = daemon
    // Stopping joins the connection threads, some of which may be waiting for the main actor,
    // so it happens elsewhere while the main actor stays free.
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        daemon.stop()
        done.resume()
      }
    }
  }
}
