import CMicroHTTPD

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One request as the server sees it: what libmicrohttpd parsed, copied out of the connection
/// so that it can cross to the main actor.
struct HTTPRequest: Sendable {
  var method: String
  var path: String
  var headers: [String: String]
  var query: [String: String]
  var body: Data

  /// The headers the server reads; libmicrohttpd looks them up case-insensitively.
  static let headerNames = [
    "Accept-Language", "Content-Type", "Cookie", "Host", "Origin", "Sec-Fetch-Site",
  ]

  /// The query arguments the server reads.
  static let queryNames = ["count", "from", "session", "token"]

  init(
    method: String, path: String, headers: [String: String] = [:],
    query: [String: String] = [:], body: Data = Data()
  ) {
    self.method = method
    self.path = path
    self.headers = headers
    self.query = query
    self.body = body
  }

  /// Copies what the server reads from a connection during libmicrohttpd's callback.
  init(
    connection: UnsafeMutableRawPointer, method: String, url: String, body: Data
  ) {
    var headers: [String: String] = [:]
    for name in Self.headerNames {
      if let value = wb_http_header(connection, name) { headers[name] = String(cString: value) }
    }
    var query: [String: String] = [:]
    for name in Self.queryNames {
      if let value = wb_http_query(connection, name) { query[name] = String(cString: value) }
    }
    self.init(method: method, path: url, headers: headers, query: query, body: body)
  }

  /// The values of every cookie named `name` the request carries.
  func cookies(_ name: String) -> [String] {
    guard let header = headers["Cookie"] else { return [] }
    return header.split(separator: ";").compactMap { pair in
      let parts = pair.split(separator: "=", maxSplits: 1)
      guard parts.count == 2, String(parts[0]).trimmingWhitespace() == name else { return nil }
      return String(parts[1]).trimmingWhitespace()
    }
  }
}
