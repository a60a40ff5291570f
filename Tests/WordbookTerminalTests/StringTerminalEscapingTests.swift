import Testing
import Wordbook

@testable import WordbookTerminal

@Suite struct StringTerminalEscapingTests {
  @Test func controlCharactersAreShownNotSent() {
    #expect("\u{1B}]0;pwned\u{7}".escapedForTerminal == "^[]0;pwned^G")
    #expect("\u{1B}[2J".escapedForTerminal == "^[[2J")
    #expect("a\nb\tc\r".escapedForTerminal == "a^Jb^Ic^M")
    #expect("\u{7F}\u{9B}".escapedForTerminal == "^?\\u{9B}")
    #expect("abc\u{202E}def".escapedForTerminal == "abc\\u{202E}def")
    #expect("단어 🙂 é".escapedForTerminal == "단어 🙂 é")
    #expect(!"\u{1B}\u{9B}\u{0}".escapedForTerminal.unicodeScalars.contains { $0.value < 0x20 })
  }
}

@Suite struct OutputLineEscapingTests {
  /// Text of harmless pieces (some starting with the bytes 0xC2 and 0xE2, as escaped
  /// characters do) with at most one piece that needs escaping, at every offset within a word
  /// of 8 bytes.
  @Test func aLineAndTheStringEscapeEveryScalarAtEveryOffset() {
    let harmless = ["a", "bcdefgh", "단어", "é", "\u{A0}", "\u{2026}", "🙂"]
    let escaped = ["\u{1B}", "\n", "\t", "\u{7F}", "\u{9B}", "\u{202E}", "\u{2028}"]
    var generator = SplitMix64(seed: 29)
    func pick(_ pieces: [String]) -> String {
      pieces[Int(generator.next() % UInt64(pieces.count))]
    }
    for _ in 0..<2_000 {
      var pieces = (0..<Int(generator.next() % 12)).map { _ in pick(harmless) }
      if generator.next() % 4 != 0 {
        pieces.insert(pick(escaped), at: Int(generator.next() % UInt64(pieces.count + 1)))
      }
      let text = pieces.joined()
      var line = OutputLine(bytes: [])
      line.appendEscaped(text)
      let expected = Self.escapedOneScalarAtATime(text)
      #expect(line.bytes == Array(expected.utf8), "\(text.debugDescription)")
      #expect(text.escapedForTerminal == expected, "\(text.debugDescription)")
    }
  }

  /// Bytes as a database may store them: harmless and escaped pieces, and the ill-formed
  /// sequences that `String(decoding:as:)` repairs (a lone continuation byte, a cut sequence,
  /// overlong forms, a surrogate, a scalar above U+10FFFF, bytes no sequence starts with),
  /// mixed at random, so each falls at every offset within a word of 8 bytes.
  @Test func storedBytesAreEscapedAsTheStringTheyDecodeTo() {
    let pieces: [[UInt8]] =
      ["a", "bcdefgh", "단어", "é", "\u{A0}", "🙂", "\u{1B}", "\u{9B}", "\u{202E}", "\u{10FFFF}"]
      .map { Array($0.utf8) }
      + [
        [0x80], [0xBF], [0xC2], [0xE2, 0x80], [0xF0, 0x9F, 0x99], [0xC0, 0x80], [0xC1, 0xBF],
        [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xF0, 0x8F, 0xBF, 0xBF],
        [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFE], [0xFF], [0xEA, 0xB0, 0x41],
      ]
    var generator = SplitMix64(seed: 31)
    for _ in 0..<4_000 {
      let bytes = (0..<Int(generator.next() % 10)).flatMap { _ in
        pieces[Int(generator.next() % UInt64(pieces.count))]
      }
      let decoded = String(decoding: bytes, as: UTF8.self)
      var line = OutputLine(bytes: [])
      bytes.withUnsafeBufferPointer { line.appendEscaped(utf8: $0) }
      #expect(line.bytes == Array(Self.escapedOneScalarAtATime(decoded).utf8), "\(bytes)")
      #expect(
        bytes.withUnsafeBufferPointer(String.isWellFormedUTF8) == (Array(decoded.utf8) == bytes),
        "\(bytes)")
    }
  }

  /// The escaping, written plainly from its documentation: every scalar on its own.
  private static func escapedOneScalarAtATime(_ text: String) -> String {
    text.unicodeScalars.map { scalar in
      switch scalar.value {
      case 0..<0x20: "^" + String(Unicode.Scalar(UInt8(scalar.value + 0x40)))
      case 0x7F: "^?"
      case 0x80..<0xA0, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: String(scalar)
      }
    }.joined()
  }

  @Test func numbersAreWrittenInDecimal() {
    var line = OutputLine(bytes: [])
    for number in [0, 7, 10, 4_096, Int64.max, -12, Int64.min] {
      line.append(number)
      line.append(" ")
    }
    #expect(
      String(decoding: line.bytes, as: UTF8.self)
        == "0 7 10 4096 9223372036854775807 -12 -9223372036854775808 ")
  }
}
