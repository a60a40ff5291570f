import Foundation

/// The real files in `../shared/data/` beside the repository, which a user's clone may not have.
enum RealData {
  /// The data folder: the repository root is three levels above this file.
  static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .appendingPathComponent("../shared/data", isDirectory: true)
    .standardizedFileURL

  /// Whether a data subfolder is present.
  static func isAvailable(_ subfolder: String) -> Bool {
    FileManager.default.fileExists(atPath: folder.appendingPathComponent(subfolder).path)
  }

  /// The bytes of a file in the data folder.
  static func bytes(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: folder.appendingPathComponent(path)))
  }
}
