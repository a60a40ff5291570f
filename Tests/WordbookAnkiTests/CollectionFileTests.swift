import Foundation
import Testing

@testable import WordbookAnki

/// The temporary copy of a package's collection on a disk too small for it.
@Suite struct CollectionFileTests {
  @Test(
    .enabled(
      if: MediaFolderFullDiskTests.canMountTmpfs,
      "needs to mount a tmpfs (root, and a system that allows it)"))
  func aFullTemporaryDiskIsReportedAsFull() throws {
    let (media, folder) = try AnkiPackageTests.temporaryMedia()
    defer { try? FileManager.default.removeItem(at: folder) }
    let notes = (1...5000).map { "(\($0), 'word\($0)' || char(31) || hex(randomblob(40)))" }
    let collection = try AnkiCollectionTests.collection(
      AnkiCollectionTests.notesTable + "INSERT INTO notes VALUES \(notes.joined(separator: ", "));",
      folder: folder)
    let small = try MediaFolderFullDiskTests.makeFolder()
    defer { try? FileManager.default.removeItem(at: small) }
    try #require(
      MediaFolderFullDiskTests.run(
        "/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", small.path]))
    defer { _ = MediaFolderFullDiskTests.run("/bin/umount", [small.path]) }
    var zip = ZipBuilder()
    zip.add("collection.anki2", collection)
    let package = AnkiPackage(
      archive: try ZipArchive(bytes: zip.bytes()), temporaryFolder: small.path)
    do {
      _ = try package.importPlan(storingPicturesIn: media)
      Issue.record("a \(collection.count)-byte collection was unpacked on a 64 KiB disk")
    } catch {
      guard case .temporaryFileFailed(_, ENOSPC) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(error.message(in: .english).contains("the disk holding it is full (error \(ENOSPC))"))
    }
    // What was written is gone: the disk is empty again.
    #expect(try FileManager.default.contentsOfDirectory(atPath: small.path).isEmpty)
  }
}
