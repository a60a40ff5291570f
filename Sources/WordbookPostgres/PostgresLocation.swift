/// What of a database's URL, or libpq connection string, a message may show: the text without
/// its passwords, and a way to take them out of libpq's own messages, which may quote the URL.
///
/// libpq reads a password from a URL's user information (`mina:secret@`), from its query
/// (`?password=secret`, `sslpassword=…`), and from a connection string's keywords
/// (`password='secret'`); a parameter whose name holds `password` is left out wherever it is.
struct PostgresLocation: Sendable {
  /// The URL or connection string without its passwords.
  let shown: String
  /// The passwords as written and as libpq reads them (percent-decoded, unquoted), longest
  /// first so that a longer form is taken out before a shorter one inside it.
  private let secrets: [String]

  init(url: String) {
    let (shown, secrets) =
      url.hasPrefix("postgresql://") || url.hasPrefix("postgres://")
      ? Self.splitURL(url) : Self.splitKeywords(url)
    self.shown = shown
    self.secrets = Set(secrets.filter { !$0.isEmpty }).sorted { $0.count > $1.count }
  }

  /// `message` with every password of the URL replaced by `***`.
  func redacting(_ message: String) -> String {
    secrets.reduce(message) { $0.replacing($1, with: "***") }
  }

  /// A URL without the password of its user information and its query's password parameters.
  private static func splitURL(_ url: String) -> (String, [String]) {
    guard let scheme = url.firstRange(of: "://") else { return (url, []) }
    var secrets: [String] = []
    let rest = url[scheme.upperBound...]
    let queryStart = rest.firstIndex(of: "?") ?? rest.endIndex
    let authorityEnd = rest[..<queryStart].firstIndex(of: "/") ?? queryStart
    var head = String(url[..<scheme.upperBound])
    if let at = rest[..<authorityEnd].lastIndex(of: "@") {
      let userInfo = rest[..<at]
      if let colon = userInfo.firstIndex(of: ":") {
        let password = String(userInfo[userInfo.index(after: colon)...])
        secrets += [password, percentDecoded(password)]
        head += userInfo[..<colon]
      } else {
        head += userInfo
      }
      head += rest[at..<queryStart]
    } else {
      head += rest[..<queryStart]
    }
    guard queryStart < rest.endIndex else { return (head, secrets) }
    var kept: [Substring] = []
    for parameter in rest[rest.index(after: queryStart)...].split(separator: "&") {
      let parts = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard percentDecoded(String(parts[0])).lowercased().contains("password") else {
        kept.append(parameter)
        continue
      }
      if parts.count == 2 { secrets += [String(parts[1]), percentDecoded(String(parts[1]))] }
    }
    return (kept.isEmpty ? head : head + "?" + kept.joined(separator: "&"), secrets)
  }

  /// A connection string of `keyword = value` pairs without the pairs whose keyword holds
  /// `password`; a value may be single-quoted, with `\'` and `\\` inside.
  private static func splitKeywords(_ text: String) -> (String, [String]) {
    var kept: [String] = []
    var secrets: [String] = []
    var index = text.startIndex
    func skipSpaces() {
      while index < text.endIndex, text[index].isWhitespace { index = text.index(after: index) }
    }
    while true {
      skipSpaces()
      guard index < text.endIndex else { break }
      let start = index
      while index < text.endIndex, text[index] != "=", !text[index].isWhitespace {
        index = text.index(after: index)
      }
      let keyword = text[start..<index]
      skipSpaces()
      if index < text.endIndex, text[index] == "=" { index = text.index(after: index) }
      skipSpaces()
      let valueStart = index
      var value = ""
      let quoted = index < text.endIndex && text[index] == "'"
      if quoted { index = text.index(after: index) }
      while index < text.endIndex {
        let character = text[index]
        if quoted ? character == "'" : character.isWhitespace { break }
        if character == "\\", text.index(after: index) < text.endIndex {
          index = text.index(after: index)
        }
        value.append(text[index])
        index = text.index(after: index)
      }
      if quoted, index < text.endIndex { index = text.index(after: index) }
      if keyword.lowercased().contains("password") {
        secrets += [value, String(text[valueStart..<index])]
      } else {
        kept.append(String(text[start..<index]))
      }
    }
    return (kept.joined(separator: " "), secrets)
  }

  /// `text` with each `%XX` replaced by its byte; bytes that are not UTF-8 become U+FFFD.
  private static func percentDecoded(_ text: String) -> String {
    var bytes: [UInt8] = []
    var index = text.utf8.startIndex
    let utf8 = text.utf8
    while index < utf8.endIndex {
      if utf8[index] == UInt8(ascii: "%"), utf8.distance(from: index, to: utf8.endIndex) >= 3,
        let byte = UInt8(
          String(
            decoding: utf8[utf8.index(after: index)...utf8.index(index, offsetBy: 2)], as: UTF8.self
          ),
          radix: 16)
      {
        bytes.append(byte)
        index = utf8.index(index, offsetBy: 3)
      } else {
        bytes.append(utf8[index])
        index = utf8.index(after: index)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
