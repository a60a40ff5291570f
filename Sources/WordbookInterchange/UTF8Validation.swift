/// Finds where a byte buffer stops being UTF-8.
enum UTF8Validation {
  /// The 0-based offset of the first byte that starts an invalid sequence, or `nil` for UTF-8.
  static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    // The standard library's validator is fast in every build; the byte walk below only runs to
    // name the offset of a failure.
    if String(validating: bytes, as: UTF8.self) != nil { return nil }
    var index = 0
    while index < bytes.count {
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      guard let (length, secondRange) = sequenceShape(lead: lead) else { return index }
      guard index + length <= bytes.count, secondRange.contains(bytes[index + 1]) else {
        return index
      }
      for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) {
        return index
      }
      index += length
    }
    return nil
  }

  /// The 1-based line holding the byte at `offset`.
  static func line(ofOffset offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var line = 1
    for index in 0..<min(offset, bytes.count) where bytes[index] == ByteClass.lineFeed {
      line += 1
    }
    return line
  }

  private static func sequenceShape(lead: UInt8) -> (Int, ClosedRange<UInt8>)? {
    switch lead {
    case 0xC2...0xDF: (2, 0x80...0xBF)
    case 0xE0: (3, 0xA0...0xBF)
    case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80...0xBF)
    case 0xED: (3, 0x80...0x9F)
    case 0xF0: (4, 0x90...0xBF)
    case 0xF1...0xF3: (4, 0x80...0xBF)
    case 0xF4: (4, 0x80...0x8F)
    default: nil
    }
  }
}
