/// Turns the HTML of an Anki field into plain text.
package enum HTMLText {
  /// `html` without tags, with `<br>` and the ends of blocks as newlines, list items as lines
  /// that start with `• ` (in `<ul>`) or their number (`1. ` in `<ol>`), indented two spaces a
  /// level inside another list, entities decoded, and raw line breaks and runs of blanks as one
  /// space (as a browser shows them).
  package static func plainText(_ html: String) -> String {
    Array(html.utf8).withUnsafeBufferPointer { plainText(bytes: $0) }
  }

  private static func plainText(bytes: UnsafeBufferPointer<UInt8>) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    // The lists the text is in, innermost last: `nil` for `<ul>`, else the next item's number.
    var lists: [Int?] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "<"),
        let close = firstIndex(of: UInt8(ascii: ">"), in: bytes, from: index)
      {
        let tag = Tag(ByteClass.string(bytes, (index + 1)..<close))
        switch (tag.name, tag.isClosing) {
        case ("ul", false), ("ol", false):
          startLine(&output)
          lists.append(tag.name == "ol" ? 1 : nil)
        case ("ul", true), ("ol", true):
          startLine(&output)
          _ = lists.popLast()
        case ("li", true):
          startLine(&output)
        case ("li", false):
          startLine(&output)
          output.append(contentsOf: String(repeating: "  ", count: max(lists.count - 1, 0)).utf8)
          if let number = lists.last ?? nil {
            output.append(contentsOf: "\(number). ".utf8)
            lists[lists.count - 1] = number + 1
          } else {
            output.append(contentsOf: "• ".utf8)
          }
        default:
          if tag.breaksLine {
            while output.last == ByteClass.space { output.removeLast() }
            output.append(ByteClass.lineFeed)
          }
        }
        index = close + 1
      } else if isCollapsible(byte) {
        // Raw line breaks and runs of blanks are one space in HTML, and none after a line end.
        if let last = output.last, last != ByteClass.space, last != ByteClass.lineFeed {
          output.append(ByteClass.space)
        }
        index += 1
      } else if byte == UInt8(ascii: "&"), let (decoded, next) = entity(in: bytes, at: index) {
        output.append(contentsOf: decoded.utf8)
        index = next
      } else {
        output.append(byte)
        index += 1
      }
    }
    while let last = output.last, last == ByteClass.lineFeed || last == ByteClass.space {
      output.removeLast()
    }
    return String(decoding: output, as: UTF8.self)
  }

  private static func isCollapsible(_ byte: UInt8) -> Bool {
    byte == ByteClass.space || byte == ByteClass.tab || byte == ByteClass.lineFeed
      || byte == ByteClass.carriageReturn
  }

  private static func firstIndex(
    of target: UInt8,
    in bytes: UnsafeBufferPointer<UInt8>,
    from start: Int
  ) -> Int? {
    var index = start
    while index < bytes.count {
      if bytes[index] == target { return index }
      index += 1
    }
    return nil
  }

  /// Ends the line of text so far, if any: a list and its items start on a line of their own.
  private static func startLine(_ output: inout [UInt8]) {
    while output.last == ByteClass.space { output.removeLast() }
    if let last = output.last, last != ByteClass.lineFeed { output.append(ByteClass.lineFeed) }
  }

  /// A tag, from its text between `<` and `>`.
  private struct Tag {
    /// The element's name, lowercased.
    let name: Substring
    /// Whether it is a closing tag (`</li>`).
    let isClosing: Bool

    init(_ text: String) {
      let text = text.lowercased().drop { $0 == " " }
      isClosing = text.first == "/"
      name = text.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }
    }

    /// Whether the tag ends a line of text: `<br>`, or the end of a block.
    var breaksLine: Bool {
      switch name {
      case "br": true
      case "div", "p", "tr", "h1", "h2", "h3", "h4", "h5", "h6": isClosing
      default: false
      }
    }
  }

  /// The text of the entity starting with `&` at `start`, and the index after its `;`.
  private static func entity(
    in bytes: UnsafeBufferPointer<UInt8>,
    at start: Int
  ) -> (String, Int)? {
    var end = start + 1
    while end < bytes.count && end - start <= 10 && bytes[end] != UInt8(ascii: ";") {
      end += 1
    }
    guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else { return nil }
    let name = ByteClass.string(bytes, (start + 1)..<end)
    guard let text = decode(entityName: name) else { return nil }
    return (text, end + 1)
  }

  private static func decode(entityName name: String) -> String? {
    switch name {
    case "nbsp": return " "
    case "amp": return "&"
    case "lt": return "<"
    case "gt": return ">"
    case "quot": return "\""
    case "apos": return "'"
    default:
      guard name.hasPrefix("#") else { return nil }
      let digits = name.dropFirst()
      let value: UInt32? =
        digits.first == "x" || digits.first == "X"
        ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
      guard let value, let scalar = Unicode.Scalar(value) else { return nil }
      return String(Character(scalar))
    }
  }
}
