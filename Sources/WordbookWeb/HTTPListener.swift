import CMicroHTTPD

/// A listening socket, opened before the daemon starts so that the port it got is known to
/// the rules that check the Host header.
struct HTTPListener: Sendable {
  let socket: Int32
  let port: UInt16
  let isIPv6: Bool
  /// The bound address as the system writes it: `0` is `0.0.0.0`, `127.1` is `127.0.0.1`.
  let host: String
  /// Whether the socket listens on every address of the machine (0.0.0.0 or ::).
  let isUnspecified: Bool
  /// Whether only this machine can connect (127.0.0.0/8 or ::1).
  let isLoopback: Bool

  /// Loads libmicrohttpd and listens on `host` (an IP address) and `port` (0 for any free one).
  ///
  /// - Throws: ``WebServerError`` when libmicrohttpd is missing or the address is unusable.
  init(host: String, port: UInt16) throws(WebServerError) {
    if let message = wb_http_load() {
      throw .libraryMissing(String(cString: message))
    }
    var bound = wb_http_bound()
    var error = [CChar](repeating: 0, count: 256)
    let socket = wb_http_listen(host, port, &bound, &error, error.count)
    guard socket >= 0 else {
      throw .cannotListen(
        String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
    self.socket = socket
    self.port = bound.port
    self.isIPv6 = bound.is_ipv6 != 0
    self.isUnspecified = bound.is_unspecified != 0
    self.isLoopback = bound.is_loopback != 0
    self.host = withUnsafeBytes(of: bound.host) { bytes in
      String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
  }
}
