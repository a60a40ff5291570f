/// One JSON object written field by field, for the events a page hears on every mark (`status`,
/// `card`): `JSONEncoder` boxed every field and built a dictionary, a few per cent of a server's
/// CPU at many learners. What it writes decodes to what `JSONEncoder` writes for the same value,
/// a field that is `nil` left out as `encodeIfPresent` leaves it.
struct JSONObjectText {
  private(set) var text = "{"

  /// Adds `key` with a string, escaped as JSON requires; nothing when `value` is `nil`.
  mutating func add(_ key: String, _ value: String?) {
    guard let value else { return }
    addKey(key)
    Self.appendQuoted(value, to: &text)
  }

  /// Adds `key` with a number; nothing when `value` is `nil`.
  mutating func add(_ key: String, _ value: Int64?) {
    guard let value else { return }
    addKey(key)
    text += String(value)
  }

  /// Adds `key` with a number.
  mutating func add(_ key: String, _ value: Int) {
    add(key, Int64(value))
  }

  /// Adds `key` with `true` or `false`.
  mutating func add(_ key: String, _ value: Bool) {
    addKey(key)
    text += value ? "true" : "false"
  }

  /// Adds `key` with the object `value` writes; nothing when `value` is `nil`.
  mutating func add(_ key: String, object value: JSONObjectText?) {
    guard let value else { return }
    addKey(key)
    text += value.closed
  }

  /// The object, closed.
  var closed: String { text + "}" }

  private mutating func addKey(_ key: String) {
    if text.utf8.count > 1 { text += "," }
    Self.appendQuoted(key, to: &text)
    text += ":"
  }

  /// Appends `string` in quotes, with the quote, the backslash and the control characters
  /// escaped; every other character, whatever its script, as it is.
  private static func appendQuoted(_ string: String, to text: inout String) {
    text += "\""
    var plainStart = string.utf8.startIndex
    var index = plainStart
    let utf8 = string.utf8
    while index != utf8.endIndex {
      let byte = utf8[index]
      if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
        index = utf8.index(after: index)
        continue
      }
      text += string[plainStart..<index]
      switch byte {
      case UInt8(ascii: "\""): text += "\\\""
      case UInt8(ascii: "\\"): text += "\\\\"
      case UInt8(ascii: "\n"): text += "\\n"
      case UInt8(ascii: "\r"): text += "\\r"
      case UInt8(ascii: "\t"): text += "\\t"
      default:
        let hex = String(byte, radix: 16)
        text += "\\u00" + (hex.count == 1 ? "0" + hex : hex)
      }
      index = utf8.index(after: index)
      plainStart = index
    }
    text += string[plainStart..<index]
    text += "\""
  }
}
