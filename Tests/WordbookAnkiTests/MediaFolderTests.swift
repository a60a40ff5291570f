import Foundation
import Testing

@testable import WordbookAnki

@Suite struct MediaFolderTests {
  @Test func aTakenNameWithOtherBytesGetsTheNextName() throws {
    let (media, folder) = try AnkiPackageTests.temporaryMedia()
    defer { try? FileManager.default.removeItem(at: folder) }
    let picture: [UInt8] = [1, 2, 3, 4]
    let name = Checksum.contentName(picture) + ".png"
    // Another picture already holds the name, as a checksum collision would leave it.
    try FileManager.default.createDirectory(
      atPath: media.path, withIntermediateDirectories: true)
    try Data([9, 9]).write(to: URL(fileURLWithPath: "\(media.path)/\(name)"))
    let stored = try media.store(picture, fileExtension: "png")
    #expect(stored == Checksum.contentName(picture) + "-2.png")
    #expect(try media.store(picture, fileExtension: "png") == stored)
    try media.commit()
    let kept = try Data(contentsOf: URL(fileURLWithPath: "\(media.path)/\(stored)"))
    #expect(Array(kept) == picture)
    #expect(Array(try Data(contentsOf: URL(fileURLWithPath: "\(media.path)/\(name)"))) == [9, 9])
  }

  @Test func aPictureAlreadyStoredIsNotWrittenAgain() throws {
    let (media, folder) = try AnkiPackageTests.temporaryMedia()
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = try media.store([5, 6], fileExtension: "jpg")
    try media.commit()
    let again = MediaFolder(path: media.path)
    #expect(try again.store([5, 6], fileExtension: "jpg") == first)
    #expect(again.newFileCount == 0)
    again.discard()
    #expect(FileManager.default.fileExists(atPath: "\(media.path)/\(first)"))
  }

  @Test func namesAreSixteenHexDigits() {
    let name = Checksum.contentName(Array("hello".utf8))
    #expect(name.count == 16)
    #expect(name.allSatisfy { $0.isHexDigit })
    #expect(name != Checksum.contentName(Array("hellp".utf8)))
  }
}
