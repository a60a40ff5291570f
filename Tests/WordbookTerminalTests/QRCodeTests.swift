import Foundation
import Testing
import WordbookTestSupport

@testable import WordbookTerminal

/// zbarimg reads the codes `QRCode` draws, of every version.
@Suite(.enabled(if: QRDecoder.runs, QRDecoder.unavailable))
struct QRCodeTests {
  /// A text of `count` printable ASCII characters from a seeded generator.
  private static func text(count: Int, seed: UInt64) -> String {
    var state = seed
    return String(
      (0..<count).map { _ in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Character(UnicodeScalar(UInt8(33 + (state >> 33) % 94)))
      })
  }

  /// Texts that fill each of the 40 versions, and a byte more than a version holds, read back.
  @Test(arguments: [
    1, 14, 15, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287, 331, 362, 412, 450, 504, 560,
    624, 666, 711, 779, 857, 911, 997, 1059, 1125, 1190, 1264, 1370, 1452, 1538, 1628, 1722, 1809,
    1911, 1989, 2099, 2213, 2331,
  ])
  func everyVersionIsReadBack(count: Int) async throws {
    let text = Self.text(count: count, seed: UInt64(count))
    let code = try #require(QRCode(text))
    #expect(try await QRDecoder.decode(code.halfBlocks()) == text)
  }

  /// The type's documented example.
  @Test func aPhoneAddressAsACode() async throws {
    let code = try #require(QRCode("http://192.168.1.20:8080/"))
    #expect(code.size == 25)
    print(code.halfBlocks().joined(separator: "\n"))
    #expect(try await QRDecoder.decode(code.halfBlocks()) == "http://192.168.1.20:8080/")
  }

  @Test func theSizeIsTheSmallestVersionThatHoldsTheText() throws {
    #expect(try #require(QRCode(Self.text(count: 14, seed: 1))).size == 21)
    #expect(try #require(QRCode(Self.text(count: 15, seed: 1))).size == 25)
    #expect(try #require(QRCode(Self.text(count: 2331, seed: 1))).size == 177)
    #expect(QRCode(Self.text(count: 2332, seed: 1)) == nil)
  }

  /// A page's address, and UTF-8 beyond ASCII.
  @Test(arguments: [
    "http://192.168.1.20:8080/8d9f0c2e4b6a8c0e2f4a6b8d0c2e4f6a/?token="
      + String(repeating: "0123456789abcdef", count: 4),
    "쓰다듬다 · 単語帳 · café",
  ])
  func anAddressAndUnicodeAreReadBack(text: String) async throws {
    let code = try #require(QRCode(text))
    #expect(try await QRDecoder.decode(code.halfBlocks()) == text)
  }

  /// With colours, each line sets black on white and resets after it; the glyphs are the same.
  @Test func colouredLinesWrapTheSameGlyphs() throws {
    let code = try #require(QRCode("http://127.0.0.1:8080/"))
    let plain = code.halfBlocks()
    let coloured = code.halfBlocks(colours: true)
    #expect(coloured == plain.map { "\u{1B}[30;107m" + $0 + "\u{1B}[0m" })
    #expect(plain.count == (code.size + 8 + 1) / 2)
    #expect(plain.allSatisfy { $0.count == code.size + 8 })
  }
}
