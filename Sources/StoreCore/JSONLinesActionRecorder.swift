import Foundation

/// A recorder that appends every entry to a file as one line of JSON (JSON Lines), so a
/// session can be replayed later, even when the process was killed.
///
/// The first line is an ``ActionLogHeader`` with the format and the seed given. The first
/// action always has a checkpoint, then every `checkpointInterval` actions, and
/// ``Store/finishRecording()`` adds a checkpoint line after the last one.
///
/// ```swift
/// let recorder = try JSONLinesActionRecorder<CounterAction>(path: path, seed: 42)
/// let store = Store(
///   initialState: 0, reducer: Counter(), recorder: recorder, checkpoint: { "count=\($0)" })
/// store.send(.increment)
/// store.finishRecording()
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
  ///   - seed: The seed of the session's random source, for the header.
  ///   - checkpointInterval: Take a checkpoint every this many actions, or never.
  /// - Throws: When the file cannot be created.
  public convenience init(path: String, seed: UInt64? = nil, checkpointInterval: Int? = 100)
    throws
  {
    guard FileManager.default.createFile(atPath: path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
    }
    self.init(
      handle: try FileHandle(forWritingTo: URL(fileURLWithPath: path)),
      seed: seed, checkpointInterval: checkpointInterval)
  }

  /// Records into an open file, such as one the caller opened with its own rules for where a
  /// log may be written.
  ///
  /// - Parameters:
  ///   - handle: Where each line is written, at once, so a killed process leaves every
  ///     complete line behind. The recorder does not close it.
  ///   - seed: The seed of the session's random source, for the header.
  ///   - checkpointInterval: Take a checkpoint every this many actions, or never.
  public init(handle: FileHandle, seed: UInt64? = nil, checkpointInterval: Int? = 100) {
    self.handle = handle
    encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    self.checkpointInterval = checkpointInterval
    write(ActionLogHeader(seed: seed))
  }

  /// Writes `entry` as one line.
  public func record(_ entry: ActionLogEntry<Action>) {
    write(entry)
  }

  /// Writes a checkpoint line, which readers give to the entry before it.
  public func recordCheckpoint(_ checkpoint: String, sequence: Int) {
    write(CheckpointLine(checkpoint: checkpoint, sequence: sequence))
  }

  private func write(_ value: some Encodable) {
    guard writeError == nil else { return }
    do {
      var line = try encoder.encode(value)
      line.append(0x0A)
      try handle.write(contentsOf: line)
    } catch {
      writeError = error
    }
  }

  private struct CheckpointLine: Encodable {
    var checkpoint: String
    var sequence: Int
  }
}
