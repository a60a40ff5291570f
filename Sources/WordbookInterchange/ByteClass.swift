/// The bytes the parsers look at.
enum ByteClass {
  static let lineFeed = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")
  static let tab = UInt8(ascii: "\t")
  static let space = UInt8(ascii: " ")
  static let quote = UInt8(ascii: "\"")
  static let hash = UInt8(ascii: "#")

  /// Whether `byte` is trimmed from the ends of an unquoted field whose separator is `separator`.
  static func isTrimmable(_ byte: UInt8, separator: UInt8) -> Bool {
    byte != separator && (byte == space || byte == tab || byte == carriageReturn)
  }

  /// The byte order mark's length at the start of `bytes` (3 or 0).
  static func byteOrderMarkLength(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
  }

  /// The index of the first line feed at or after `start`, or `nil` when there is none.
  static func firstLineFeed(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    var index = start
    while index < bytes.count {
      if bytes[index] == lineFeed { return index }
      index += 1
    }
    return nil
  }

  /// The number of line feeds in `bytes[range]`.
  static func lineFeedCount(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
    var count = 0
    for index in range where bytes[index] == lineFeed { count += 1 }
    return count
  }

  /// The text of `bytes[range]`, which must be valid UTF-8.
  static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }
}
