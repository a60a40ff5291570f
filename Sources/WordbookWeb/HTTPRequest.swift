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
  /// The client's address, numerically; empty when unknown.
  var clientAddress = ""

  /// The headers the server reads; libmicrohttpd looks them up case-insensitively.
  static let headerNames = [
    "Accept-Language", "Content-Type", "Cookie", "Host", "Origin", "Sec-Fetch-Site",
  ]

  /// The query arguments the server reads.
  static let queryNames = ["count", "from", "session", "token", "word"]

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
    var address = [CChar](repeating: 0, count: 64)
    wb_http_client_address(connection, &address, address.count)
    clientAddress = String(
      decoding: address.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The values of every cookie named `name` the request carries, each pair's name and
  /// value without the spaces and tabs around them (RFC 6265), read byte by byte: this runs
  /// for every request.
  func cookies(_ name: String) -> [String] {
    guard let header = headers["Cookie"] else { return [] }
    var values: [String] = []
    for pair in header.utf8.split(separator: UInt8(ascii: ";")) {
      guard let equals = pair.firstIndex(of: UInt8(ascii: "=")),
        Self.trimmed(pair[..<equals]).elementsEqual(name.utf8)
      else { continue }
      let value = Self.trimmed(pair[pair.index(after: equals)...])
      guard !value.isEmpty else { continue }
      values.append(String(Substring(value)))
    }
    return values
  }

  /// `bytes` without the spaces and tabs at either end.
  private static func trimmed(_ bytes: Substring.UTF8View) -> Substring.UTF8View {
    let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
    guard let first = bytes.firstIndex(where: { !isSpace($0) }),
      let last = bytes.lastIndex(where: { !isSpace($0) })
    else { return bytes[bytes.endIndex...] }
    return bytes[first...last]
  }
}

extension HTTPRequest {
  /// The fields of a form posted as `application/x-www-form-urlencoded`: `+` is a space and
  /// `%XX` a byte; a name given twice keeps its first value, bytes that are not UTF-8 become
  /// U+FFFD.
  var formFields: [String: String] {
    var fields: [String: String] = [:]
    for pair in body.split(separator: UInt8(ascii: "&")) {
      let parts = pair.split(
        separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
      let name = Self.formDecoded(parts[0])
      if fields[name] == nil { fields[name] = parts.count == 2 ? Self.formDecoded(parts[1]) : "" }
    }
    return fields
  }

  private static func formDecoded(_ bytes: Data.SubSequence) -> String {
    var decoded: [UInt8] = []
    decoded.reserveCapacity(bytes.count)
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      if byte == UInt8(ascii: "+") {
        decoded.append(UInt8(ascii: " "))
      } else if byte == UInt8(ascii: "%"), bytes.distance(from: index, to: bytes.endIndex) >= 3,
        let value = UInt8(
          String(
            decoding: bytes[bytes.index(after: index)...bytes.index(index, offsetBy: 2)],
            as: UTF8.self),
          radix: 16)
      {
        decoded.append(value)
        index = bytes.index(index, offsetBy: 2)
      } else {
        decoded.append(byte)
      }
      index = bytes.index(after: index)
    }
    return String(decoding: decoded, as: UTF8.self)
  }
}
