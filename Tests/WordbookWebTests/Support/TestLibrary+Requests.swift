import Foundation

extension TestLibrary {
  /// The secret token in the server's address.
  var token: String {
    String(server.url.split(separator: "token=").last ?? "")
  }

  /// The cookie a browser holds after its first visit.
  var cookie: String { "wordbook_token=\(token)" }

  /// The headers of a request the page itself would send.
  var pageHeaders: [String: String] {
    ["Cookie": cookie, "Origin": origin, "Content-Type": "application/json"]
  }
}
