import Wordbook

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The server's security rules, checked on the polling thread from a request's head before
/// its body is read or anything reaches a store: the Host header (against DNS rebinding), the
/// secret token (a cookie, set from the address on first visit) and the Origin of every
/// state-changing request (against CSRF). A server with accounts has no token: its sign-in
/// cookie is checked by ``SignIns`` instead.
struct AccessGuard: Sendable {
  /// The name of the cookie that carries the token.
  static let cookieName = "wordbook_token"

  /// The token, or `nil` on a server where learners sign in.
  let token: String?
  /// The folder every URL of the page lies in, `/` and a second secret and `/`: the cookie's
  /// Path. A browser sends a cookie to every port of its host, so with `Path=/` another
  /// program's server on 127.0.0.1 would receive the token; with this Path it would have to
  /// be asked for a folder only this server's pages name.
  let home: String
  let port: UInt16
  /// Whether the server listens on a loopback address only.
  let isLoopback: Bool
  /// The host the printed address names (`127.0.0.2`, `[::1]`), accepted besides the usual
  /// loopback names.
  var ownHost = "127.0.0.1"
  /// The origins of the other servers of the same accounts (`http://127.0.0.1:8082`), whose
  /// pages may send requests here once theirs has stopped.
  var peers: Set<String> = []
  /// Whether the server speaks HTTPS: its origin is `https://`, its default port 443, and its
  /// cookies are `Secure`.
  var isSecure = false

  /// What every cookie the server sets ends with: `; Secure` over HTTPS, so a browser never
  /// sends it over plain HTTP.
  var cookieSecurity: String { isSecure ? "; Secure" : "" }

  /// Why a request is refused, worded in the browser's language, or `nil` when it may go on.
  func refusal(of request: HTTPRequest) -> HTTPResponse? {
    // A refusal is often the whole page a learner sees (an address without its token).
    let language = Language(acceptLanguage: request.headers["Accept-Language"])
    guard let host = request.headers["Host"], accepts(host: host) else {
      return .refusal(.foreignHost, in: language)
    }
    if request.method != "GET" && request.method != "HEAD" {
      let origin = request.headers["Origin"] ?? ""
      guard origin == "\(isSecure ? "https" : "http")://\(host)" || peers.contains(origin) else {
        return .refusal(.foreignOrigin, in: language)
      }
    }
    guard let token else { return nil }
    guard request.path.hasPrefix(home) else {
      return .refusal(.missingToken, in: language)
    }
    // The address's token counts as well as the cookie's: after a restart the browser still
    // sends the old server's cookie, and the new address must replace it, not be refused.
    // Every cookie of the name counts, since another port's server may set one of its own.
    let presented = [request.query["token"]].compactMap { $0 } + request.cookies(Self.cookieName)
    guard presented.contains(where: { Self.same($0, token) }) else {
      return .refusal(.missingToken, in: language)
    }
    return nil
  }

  /// Whether `host` (the Host header) names this server: on a loopback address its loopback
  /// names and the address it printed, otherwise any IP address. A DNS name is refused because rebinding attacks need
  /// one; an address typed into the browser is never one.
  func accepts(host: String) -> Bool {
    let name: Substring
    let portText: Substring?
    if host.hasPrefix("[") {
      guard let end = host.firstIndex(of: "]") else { return false }
      name = host[host.startIndex...end]
      let rest = host[host.index(after: end)...]
      portText = rest.isEmpty ? nil : rest.hasPrefix(":") ? rest.dropFirst() : ""
    } else {
      let parts = host.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
      name = parts[0]
      portText = parts.count == 2 ? parts[1] : nil
    }
    guard (portText.map { UInt16($0) } ?? (isSecure ? 443 : 80)) == port else { return false }
    if name == "localhost" || name == "127.0.0.1" || name == "[::1]" || name == ownHost {
      return true
    }
    return !isLoopback && Self.isAddressLiteral(name)
  }

  private static func isAddressLiteral(_ name: Substring) -> Bool {
    if name.hasPrefix("[") {
      return name.hasSuffix("]")
        && name.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
    }
    let octets = name.split(separator: ".", omittingEmptySubsequences: false)
    return octets.count == 4 && octets.allSatisfy { UInt8($0) != nil }
  }

  /// Compares in time that does not depend on where the strings differ.
  private static func same(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8)
    let y = Array(b.utf8)
    guard x.count == y.count else { return false }
    var difference: UInt8 = 0
    for index in x.indices { difference |= x[index] ^ y[index] }
    return difference == 0
  }

  /// A fresh token: 32 bytes from the system's generator, which is cryptographically secure
  /// (getrandom on Linux, arc4random on Apple platforms).
  static func makeToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<4).map { _ in
      let hex = String(generator.next() as UInt64, radix: 16)
      return String(repeating: "0", count: 16 - hex.count) + hex
    }.joined()
  }
}
