import Foundation
import Testing
import WordbookTestSupport

@testable import WordbookAnki

/// A media folder on a disk that fills up: a 1 MiB tmpfs, which needs root to mount.
@Suite struct MediaFolderFullDiskTests {
  /// Whether this process may mount a tmpfs (root in a container that allows it).
  static let canMountTmpfs: Bool = {
    guard getuid() == 0, let folder = try? makeFolder() else { return false }
    defer { try? FileManager.default.removeItem(at: folder) }
    guard run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", folder.path]) else {
      return false
    }
    return run("/bin/umount", [folder.path])
  }()

  static func makeFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("MediaFolderFullDiskTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// Whether the program ran and exited 0.
  static func run(_ program: String, _ arguments: [String]) -> Bool {
    guard FileManager.default.isExecutableFile(atPath: program) else { return false }
    return (try? SpawnedCommand.runBlocking([program] + arguments))?.status == 0
  }

  @Test(.enabled(if: canMountTmpfs, "needs to mount a tmpfs (root, and a system that allows it)"))
  func aFullDiskIsReportedAsFull() throws {
    let folder = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try #require(Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", folder.path]))
    defer { _ = Self.run("/bin/umount", [folder.path]) }
    let media = MediaFolder.beside(databasePath: folder.appendingPathComponent("words.db").path)
    let picture = (0..<(2 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    #expect(throws: AnkiPackageError.mediaWriteFailed(media.path, errorNumber: ENOSPC)) {
      try media.store(picture, fileExtension: "png")
    }
    let message = AnkiPackageError.mediaWriteFailed(media.path, errorNumber: ENOSPC).message(
      in: .english)
    #expect(
      message == "cannot write pictures to the media folder \(media.path): the disk holding it "
        + "is full (error \(ENOSPC)); free some space and try again")
    media.discard()
    // The half-written picture is gone: the disk has its space back.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }
}
