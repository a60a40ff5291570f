/// A place in source code: where an effect was made, or where a test step was written.
///
/// Not called `SourceLocation`, so that test files importing both StoreCore and Swift Testing
/// can name Testing's `SourceLocation` without qualifying it.
public struct CodeLocation: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The file, as `#fileID` gives it (`Module/File.swift`).
  public var fileID: String
  /// The line number.
  public var line: Int

  /// Creates a location.
  public init(fileID: String, line: Int) {
    self.fileID = fileID
    self.line = line
  }

  /// `Module/File.swift:42`.
  public var description: String { "\(fileID):\(line)" }
}
