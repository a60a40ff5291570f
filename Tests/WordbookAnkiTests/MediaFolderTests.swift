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

  /// A `kill -9` leaves an import's staging folder behind; the next import deletes it, and the
  /// `.partial` files of earlier versions, but never those of a process still running.
  @Test func stagingLeftByProcessesThatAreGoneIsDeleted() throws {
    let (media, folder) = try AnkiPackageTests.temporaryMedia()
    defer { try? FileManager.default.removeItem(at: folder) }
    let files = FileManager.default
    // No process has a PID this high (Linux allows at most 2^22).
    let gone = Int32.max
    let running = getppid()
    try files.createDirectory(
      atPath: "\(media.path)/.staging-\(gone)-3", withIntermediateDirectories: true)
    try Data([1]).write(to: URL(fileURLWithPath: "\(media.path)/.staging-\(gone)-3/a.png"))
    try files.createDirectory(
      atPath: "\(media.path)/.staging-\(gone)-4.deleting", withIntermediateDirectories: true)
    try Data([2]).write(to: URL(fileURLWithPath: "\(media.path)/.b.png.\(gone).partial"))
    try files.createDirectory(
      atPath: "\(media.path)/.staging-\(running)-1", withIntermediateDirectories: true)
    try Data([3]).write(to: URL(fileURLWithPath: "\(media.path)/.c.png.\(running).partial"))
    let stored = try media.store([4, 5], fileExtension: "png")
    try media.commit()
    let left = try files.contentsOfDirectory(atPath: media.path).sorted()
    #expect(left == [".c.png.\(running).partial", ".staging-\(running)-1", stored].sorted())
  }

  @Test func namesAreSixteenHexDigits() {
    let name = Checksum.contentName(Array("hello".utf8))
    #expect(name.count == 16)
    #expect(name.allSatisfy { $0.isHexDigit })
    #expect(name != Checksum.contentName(Array("hellp".utf8)))
  }
}
