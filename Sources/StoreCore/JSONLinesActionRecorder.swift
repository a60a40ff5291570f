import Foundation

/// A recorder that appends every entry to a file as one line of JSON (JSON Lines), so a
/// session can be replayed later, even when the process was killed.
///
/// ```swift
/// let recorder = try JSONLinesActionRecorder<AppAction>(path: "session.jsonl")
/// let store = Store(initialState: AppState(), reducer: reducer, recorder: recorder)
/// ```
@MainActor
public final class JSONLinesActionRecorder<Action: Encodable>: ActionRecorder {
  /// How often a checkpoint is taken, or `nil` for never.
  public let checkpointInterval: Int?
  /// The first error met while writing, if any; later entries are not written.
  public private(set) var writeError: (any Error)?
  private let handle: FileHandle
  private let encoder: JSONEncoder

  /// Creates or truncates the file at `path` and records into it.
  ///
  /// - Parameters:
  ///   - path: The log file's path.
  ///   - checkpointInterval: Take a checkpoint every this many actions, or never.
  /// - Throws: When the file cannot be created.
  public convenience init(path: String, checkpointInterval: Int? = 100) throws {
    guard FileManager.default.createFile(atPath: path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
    }
    self.init(
      handle: try FileHandle(forWritingTo: URL(fileURLWithPath: path)),
      checkpointInterval: checkpointInterval)
  }

  /// Records into an open file, such as one the caller opened with its own rules for where a
  /// log may be written.
  ///
  /// - Parameters:
  ///   - handle: Where each line is written, at once, so a killed process leaves every
  ///     complete line behind. The recorder does not close it.
  ///   - checkpointInterval: Take a checkpoint every this many actions, or never.
  public init(handle: FileHandle, checkpointInterval: Int? = 100) {
    self.handle = handle
    encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    self.checkpointInterval = checkpointInterval
  }

  /// Writes `entry` as one line.
  public func record(_ entry: ActionLogEntry<Action>) {
    guard writeError == nil else { return }
    do {
      var line = try encoder.encode(entry)
      line.append(0x0A)
      try handle.write(contentsOf: line)
    } catch {
      writeError = error
    }
  }
}
