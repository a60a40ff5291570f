extension String {
  /// Whether `bytes` are well-formed UTF-8 (The Unicode Standard, table 3-7): the bytes that
  /// `String(decoding:as:)` keeps as they are, without a replacement character.
  ///
  /// Runs of ASCII are skipped eight bytes at a time, so checking English text costs little
  /// more than reading it.
  static func isWellFormedUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let count = bytes.count
    var offset = 0
    while offset < count {
      if offset + 8 <= count,
        UnsafeRawPointer(base).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          & 0x8080_8080_8080_8080 == 0
      {
        offset += 8
        continue
      }
      let lead = base[offset]
      if lead < 0x80 {
        offset += 1
        continue
      }
      // The length the lead byte announces, and the range its first continuation byte must be
      // in: narrower after E0, ED, F0 and F4, which rules out overlong forms, surrogates and
      // scalars above U+10FFFF.
      let length: Int
      var lowest: UInt8 = 0x80
      var highest: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0: (length, lowest) = (3, 0xA0)
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED: (length, highest) = (3, 0x9F)
      case 0xF0: (length, lowest) = (4, 0x90)
      case 0xF1...0xF3: length = 4
      case 0xF4: (length, highest) = (4, 0x8F)
      default: return false
      }
      guard offset + length <= count, (lowest...highest).contains(base[offset + 1]) else {
        return false
      }
      for next in offset + 2..<offset + length where base[next] & 0xC0 != 0x80 { return false }
      offset += length
    }
    return true
  }
}
