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
  /// The sign-ins, on a server with accounts.
  private var signIns: SignIns?
  /// The loop that ends the pages of sign-ins ended elsewhere, and the one that wakes it when
  /// the accounts say sign-ins ended.
  private var checking: [Task<Void, Never>] = []

  /// The address to open: with the secret token that lets a browser in, or, on a server with
  /// accounts, its sign-in page.
  public let url: String

  /// The path and query of ``url``: the page's folder and token, or the sign-in page.
  private let location: String
  /// `https` when the server speaks TLS, else `http`.
  private let scheme: String

  /// The port the server listens on.
  public let port: UInt16

  /// Whether only this machine can connect; otherwise anyone on the network who has the
  /// token can.
  public let isLoopback: Bool

  /// Whether the server listens on every address of this machine (`0.0.0.0`, `0`, `::`), so
  /// that other devices reach it through whichever of those addresses they can see.
  public let listensOnEveryAddress: Bool

  /// Starts serving one learner's wordbooks to whoever holds the token in ``url``.
  ///
  /// - Parameters:
  ///   - service: The service every session's store talks to.
  ///   - host: The IP address to listen on (an IPv6 one with or without brackets), or
  ///     `localhost`.
  ///   - port: The port, or 0 for any free one.
  ///   - limits: How much the server accepts.
  ///   - key: The secret of the address: the one a server before used keeps its address; a
  ///     fresh one by default.
  ///   - tls: The certificate and key to serve HTTPS with; plain HTTP when `nil`.
  /// - Throws: ``WebServerError`` when libmicrohttpd is missing, the address is unusable, the
  ///   certificate or its key is refused, or the page's files are missing.
  public convenience init(
    service: any WordService, host: String = "127.0.0.1", port: UInt16 = 0,
    limits: WebServerLimits = WebServerLimits(), key: PageKey = PageKey(),
    tls: TLSCertificate? = nil
  ) throws(WebServerError) {
    try self.init(
      gate: .token(service: service), host: host, port: port, limits: limits, key: key, tls: tls)
  }

  /// Starts serving many learners: each signs in at ``url`` (`/login`) with a name and a
  /// password that `accounts` checks, and studies their own wordbooks.
  ///
  /// Failed sign-ins are slowed and limited per name and per address, and checked in turns by
  /// address (see the module's page); a sign-in is a cookie of 256 random bits that lasts a day,
  /// scoped to a folder of its own where its page lives, that every server on the same
  /// accounts accepts, and `POST /logout` ends it. A sign-in ended elsewhere (a sign-out, a
  /// new password, a deleted user) closes this server's pages within two seconds.
  ///
  /// - Parameters:
  ///   - accounts: Who may sign in, and each learner's service.
  ///   - host: The IP address to listen on (an IPv6 one with or without brackets), or
  ///     `localhost`.
  ///   - port: The port, or 0 for any free one.
  ///   - limits: How much the server accepts.
  ///   - peers: The origins of other servers of the same accounts (`http://127.0.0.1:8082`):
  ///     a page turns to them when this server stops, without a reload, keeping its sign-in's
  ///     folder, and they must list this one. A browser sends the sign-in cookie to every port
  ///     of its host for that folder, so peers on the same host share it; servers on other
  ///     hosts belong behind one address (a proxy) instead.
  ///   - tls: The certificate and key to serve HTTPS with; plain HTTP when `nil`.
  /// - Throws: ``WebServerError`` when libmicrohttpd is missing, the address is unusable, a
  ///   peer is not an `http://` or `https://` origin, the certificate or its key is refused,
  ///   or the page's files are missing.
  public convenience init(
    accounts: any WebAccounts, host: String = "127.0.0.1", port: UInt16 = 0,
    limits: WebServerLimits = WebServerLimits(), peers: [String] = [], tls: TLSCertificate? = nil
  ) throws(WebServerError) {
    try self.init(
      gate: .signIn(SignIns(accounts: accounts)), host: host, port: port, limits: limits,
      peers: peers, tls: tls)
  }

  private init(
    gate: WebRouter.Gate, host: String, port: UInt16, limits: WebServerLimits,
    peers: [String] = [], key: PageKey? = nil, tls: TLSCertificate?
  ) throws(WebServerError) {
    for peer in peers where !Self.isOrigin(peer) { throw .invalidPeer(peer) }
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
    scheme = tls == nil ? "http" : "https"
    var access: AccessGuard
    switch gate {
    case .token:
      let key = key ?? PageKey()
      access = AccessGuard(
        token: key.token, home: "/\(key.folder)/", port: listener.port, isLoopback: isLoopback,
        ownHost: shownHost)
      location = "\(access.home)?token=\(key.token)"
    case .signIn(let signIns):
      access = AccessGuard(
        token: nil, home: "/", port: listener.port, isLoopback: isLoopback, ownHost: shownHost,
        peers: Set(peers))
      location = "/login"
      self.signIns = signIns
    }
    access.isSecure = tls != nil
    url = "\(scheme)://\(shownHost):\(listener.port)\(location)"
    sessions = WebSessions(limit: limits.sessions, peers: peers)
    let router = WebRouter(access: access, resources: resources, sessions: sessions, gate: gate)
    daemon = try HTTPDaemon(
      listener: listener, limits: limits, tls: tls, admit: { router.admit($0) },
      respond: { router.respond(to: $0) })
    self.port = listener.port
    if let signIns { startCheckingSignIns(signIns) }
  }

  /// The address to open on another device, which reaches this machine at `host`: ``url``
  /// with `host` in place of the address it names.
  ///
  /// - Parameter host: An IPv4 address, or an IPv6 one in brackets.
  /// - Returns: The address, with the same page and token as ``url``.
  public func url(reachedAt host: String) -> String {
    "\(scheme)://\(host):\(port)\(location)"
  }

  /// Ends the pages whose sign-in has ended elsewhere (a sign-out on another server, a new
  /// password, a deleted user), so that an idle page learns it too: at once when the accounts
  /// say sign-ins ended, and every ``SignIns/recheckInterval`` in case that word was missed.
  /// One call to the accounts checks every open page's sign-in.
  private func startCheckingSignIns(_ signIns: SignIns) {
    let doorbell = Doorbell()
    let endings = signIns.accounts.signInEndings()
    let listening = Task {
      for await _ in endings {
        signIns.distrustChecks()
        doorbell.ring()
      }
    }
    let rechecking = Task { [weak self, sessions] in
      while !Task.isCancelled {
        await doorbell.wait(upTo: SignIns.recheckInterval)
        guard self != nil, !Task.isCancelled else { return }
        let secrets = sessions.signInSecrets
        if !secrets.isEmpty, let ended = await signIns.ended(among: secrets) {
          for secret in ended { sessions.close(signIn: secret) }
        }
        await signIns.keepServices(of: sessions.signedInUsers)
      }
    }
    checking = [listening, rechecking]
  }

  /// Whether `text` is an origin a page can connect to: `http://` or `https://`, a host, maybe
  /// a port, no path.
  private static func isOrigin(_ text: String) -> Bool {
    guard let scheme = ["http://", "https://"].first(where: text.hasPrefix) else { return false }
    let rest = text.dropFirst(scheme.count)
    return !rest.isEmpty && !rest.contains { "/?#@ \"'".contains($0) }
  }

  /// How many pages are open.
  public var sessionCount: Int { sessions.count }

  /// Ends every page's session and stops listening.
  public func stop() async {
    guard !isStopped else { return }
    isStopped = true
    for task in checking { task.cancel() }
    await sessions.closeAll()
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
