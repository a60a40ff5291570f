extension String {
  /// `text` as HTML or XML character data or a quoted attribute value: markup characters as
  /// entities, and the characters XML 1.0 does not allow (control characters other than tab and
  /// line breaks) left out.
  ///
  /// It goes by Unicode scalar, not by character: a quote that a combining mark follows (`"`
  /// and U+0301), or that a prepended mark comes before (U+0600), is one `Character` to Swift
  /// but still a quote to a browser.
  package static func markupEscaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
      case "\u{0}"..<"\u{20}", "\u{FFFE}", "\u{FFFF}": continue
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
