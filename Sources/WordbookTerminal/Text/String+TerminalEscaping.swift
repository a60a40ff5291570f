extension String {
  /// The text with every character that could control a terminal shown as visible text.
  ///
  /// Words come from user data: a term holding an escape sequence could otherwise retitle,
  /// clear or recolour the terminal. C0 controls and DEL are shown in caret notation (ESC as
  /// `^[`, a line feed as `^J`, DEL as `^?`); C1 controls, line and paragraph separators, and
  /// bidirectional overrides are shown as `\u{…}`. Everything else is kept.
  ///
  /// ```swift
  /// "\u{1B}]0;pwned\u{7}".escapedForTerminal  // "^[]0;pwned^G"
  /// ```
  public var escapedForTerminal: String {
    escapedForTerminal(keepingLineBreaks: false)
  }

  /// The text with every character that could control a terminal shown as visible text,
  /// keeping line feeds and tabs when asked, for text that is shown as lines, such as a file's
  /// contents.
  ///
  /// - Parameter keepingLineBreaks: Whether line feeds and tabs stay as they are. A carriage
  ///   return is escaped either way, since it moves the cursor back over the line.
  /// - Returns: The escaped text; see ``escapedForTerminal``.
  public func escapedForTerminal(keepingLineBreaks: Bool) -> String {
    func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
      scalar.needsTerminalEscape && !(keepingLineBreaks && (scalar == "\n" || scalar == "\t"))
    }
    guard mayNeedTerminalEscape, unicodeScalars.contains(where: needsEscape) else { return self }
    var result = ""
    result.unicodeScalars.reserveCapacity(unicodeScalars.count + 8)
    for scalar in unicodeScalars {
      switch scalar.value {
      case _ where !needsEscape(scalar):
        result.unicodeScalars.append(scalar)
      case 0x00..<0x20:
        result += "^"
        result.unicodeScalars.append(Unicode.Scalar(UInt8(scalar.value + 0x40)))
      case 0x7F:
        result += "^?"
      default:
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      }
    }
    return result
  }
}

extension String {
  /// Whether the text may hold a character that ``escapedForTerminal`` escapes; `false` for
  /// most text, after one pass over its bytes.
  ///
  /// Every scalar that may need escaping has a UTF-8 encoding that starts with a byte below
  /// 0x20, 0x7F, 0xC2 (C1 controls) or 0xE2 (separators, bidirectional controls).
  fileprivate var mayNeedTerminalEscape: Bool {
    // A native string's bytes are scanned in place, which is several times faster than
    // through the view's indices (`words` of a million-word book spent a fifth of its time
    // here).
    utf8.withContiguousStorageIfAvailable(Self.mayStartEscape) ?? true
  }

  private static func mayStartEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xE2
  }

  /// Whether `bytes` hold a byte that may start an escaped character, eight bytes at a time.
  static func mayStartEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    // Per byte lane of a 64-bit word: the high bit is set where the byte is below 0x20, or
    // where it is zero after an exclusive or with 0x7F, 0xC2 or 0xE2 (the classic tests of
    // "Bit Twiddling Hacks"; a set lane may also be a false alarm, which the per-byte test
    // below settles).
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func hasZero(_ word: UInt64) -> Bool { (word &- ones) & ~word & highs != 0 }
    var offset = 0
    if let base = bytes.baseAddress {
      let raw = UnsafeRawPointer(base)
      while offset + 8 <= bytes.count {
        let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        if (word &- ones &* 0x20) & ~word & highs != 0 || hasZero(word ^ (ones &* 0x7F))
          || hasZero(word ^ (ones &* 0xC2)) || hasZero(word ^ (ones &* 0xE2))
        {
          break
        }
        offset += 8
      }
    }
    return bytes[offset...].contains(where: mayStartEscape)
  }

  /// Appends the text's UTF-8, escaped as ``escapedForTerminal`` escapes it, to `bytes`:
  /// copied in place when nothing needs escaping, without making a new string.
  func appendEscapedForTerminal(to bytes: inout [UInt8]) {
    let copied: Bool? = utf8.withContiguousStorageIfAvailable { text in
      guard !Self.mayStartEscape(text) else { return false }
      bytes.append(contentsOf: text)
      return true
    }
    if copied != true { bytes.append(contentsOf: escapedForTerminal.utf8) }
  }
}

extension Unicode.Scalar {
  /// Whether writing the scalar raw could change the terminal's state or reorder the line.
  fileprivate var needsTerminalEscape: Bool {
    switch value {
    case 0x00..<0x20, 0x7F..<0xA0: true
    case 0x2028, 0x2029: true
    case 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
