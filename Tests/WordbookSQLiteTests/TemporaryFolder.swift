import Foundation

/// A fresh folder under the system's temporary directory, removed (with anything left in it,
/// read-only or not) when the value is released.
final class TemporaryFolder {
  let path: String

  init() throws {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("wordbook-sqlite-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  /// A path inside the folder.
  func file(_ name: String) -> String {
    path + "/" + name
  }

  deinit {
    // Restores write permission first so chmod-based tests cannot leave litter behind.
    if let paths = FileManager.default.subpaths(atPath: path) {
      for relative in [""] + paths {
        try? FileManager.default.setAttributes(
          [.posixPermissions: 0o755], ofItemAtPath: path + "/" + relative)
      }
    }
    try? FileManager.default.removeItem(atPath: path)
  }
}
