import CMicroHTTPD

/// A listening socket, opened before the daemon starts so that the port it got is known to
/// the rules that check the Host header.
struct HTTPListener: Sendable {
  let socket: Int32
  let port: UInt16
  let isIPv6: Bool

  /// Loads libmicrohttpd and listens on `host` (an IP address) and `port` (0 for any free one).
  ///
  /// - Throws: ``WebServerError`` when libmicrohttpd is missing or the address is unusable.
  init(host: String, port: UInt16) throws(WebServerError) {
    if let message = wb_http_load() {
      throw .libraryMissing(String(cString: message))
    }
    var boundPort: UInt16 = 0
    var ipv6: Int32 = 0
    var error = [CChar](repeating: 0, count: 256)
    let socket = wb_http_listen(host, port, &boundPort, &ipv6, &error, error.count)
    guard socket >= 0 else {
      throw .cannotListen(
        String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
    self.socket = socket
    self.port = boundPort
    self.isIPv6 = ipv6 != 0
  }
}
