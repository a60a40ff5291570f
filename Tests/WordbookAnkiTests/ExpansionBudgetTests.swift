import Foundation
import Testing

@testable import WordbookAnki

/// Layers of compression, each under the ratio limit, may not multiply it: everything a package
/// expands to counts against one budget of 100 times its size.
@Suite struct ExpansionBudgetTests {
  /// A zstd frame of `count` pairs of blocks: an RLE block of 128 KiB of zeros and a raw block
  /// of 2 KiB drawn from four letters. It expands about 60 times, under the limit, and its raw
  /// blocks deflate about 4 times, so the package as a whole expands about 250 times.
  static func nestedFrame(pairs count: Int) -> [UInt8] {
    // Magic number, then a frame header with no content size and a 128 KiB window.
    var frame: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD, 0x00, 0x38]
    func block(last: Bool, type: UInt32, size: UInt32) -> [UInt8] {
      let header = (last ? 1 : 0) | type << 1 | size << 3
      return [UInt8(header & 0xFF), UInt8(header >> 8 & 0xFF), UInt8(header >> 16 & 0xFF)]
    }
    var seed: UInt32 = 1
    for pair in 0..<count {
      frame += block(last: false, type: 1, size: 1 << 17) + [0]
      frame += block(last: pair == count - 1, type: 0, size: 2048)
      for _ in 0..<2048 {
        seed = seed &* 1_103_515_245 &+ 12345
        frame.append(UInt8(ascii: "a") + UInt8(seed >> 16 & 3))
      }
    }
    return frame
  }

  @Test(.enabled(if: Zstandard.isAvailable, "needs libzstd.so.1 (apt-get install libzstd1)"))
  func refusesNestedCompressionPastThePackageBudget() throws {
    let (media, folder) = try AnkiPackageTests.temporaryMedia()
    defer { try? FileManager.default.removeItem(at: folder) }
    let frame = Self.nestedFrame(pairs: 128)
    var zip = ZipBuilder()
    zip.add("collection.anki21b", frame)
    zip.add("media", Array("{}".utf8))
    let bytes = zip.bytes()
    let archive = try ZipArchive(bytes: bytes)
    let member = try #require(archive.entry(named: "collection.anki21b"))
    // Each layer alone is within 100 times its input; together they are not.
    #expect(member.uncompressedSize < 100 * member.compressedSize)
    #expect(128 * (1 << 17) < 100 * member.uncompressedSize)
    #expect(128 * (1 << 17) > 100 * bytes.count)
    let unpacked = folder.appendingPathComponent("unpacked")
    try FileManager.default.createDirectory(at: unpacked, withIntermediateDirectories: true)
    let package = AnkiPackage(archive: archive, temporaryFolder: unpacked.path)
    let limit = 100 * bytes.count
    #expect(throws: AnkiPackageError.packageTooLarge("collection.anki21b", limit: limit)) {
      try package.importPlan(storingPicturesIn: media)
    }
    // The part unpacked before the budget ran out is gone.
    #expect(try FileManager.default.contentsOfDirectory(atPath: unpacked.path).isEmpty)
  }

  @Test func picturesSpendTheSameBudget() throws {
    // Four pictures of 300 KiB of zeros: each is a member within its limits (a megabyte is
    // exempt from the ratio), but together they pass the 1 MiB a package this small may
    // expand to.
    let (media, folder) = try AnkiPackageTests.temporaryMedia()
    defer { try? FileManager.default.removeItem(at: folder) }
    let notes = (0..<4).map {
      "(\($0 + 1), '<img src=\"p\($0).png\">word\($0)' || char(31) || 'm')"
    }
    let collection = try AnkiCollectionTests.collection(
      AnkiCollectionTests.notesTable + "INSERT INTO notes VALUES \(notes.joined(separator: ", "));",
      folder: folder)
    var zip = ZipBuilder()
    zip.add("collection.anki2", collection)
    for number in 0..<4 {
      zip.add("\(number)", [UInt8](repeating: 0, count: 300 << 10) + [UInt8(number)])
    }
    zip.add("media", Array(#"{"0": "p0.png", "1": "p1.png", "2": "p2.png", "3": "p3.png"}"#.utf8))
    let bytes = zip.bytes()
    #expect(100 * bytes.count < 1 << 20)
    #expect(throws: AnkiPackageError.packageTooLarge("3", limit: 1 << 20)) {
      try AnkiPackage(archive: ZipArchive(bytes: bytes)).importPlan(storingPicturesIn: media)
    }
    media.discard()
  }
}
