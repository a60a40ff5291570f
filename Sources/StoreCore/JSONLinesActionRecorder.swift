#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
  private let descriptor: Int32
  /// Whether the recorder opened the file, and so closes it.
  private let ownsDescriptor: Bool
  private let encoder: JSONEncoder

  /// Creates or truncates the file at `path` and records into it.
  ///
  /// - Parameters:
  ///   - path: The log file's path.
  ///   - seed: The seed of the session's random source, for the header.
  ///   - checkpointInterval: Take a checkpoint every this many actions, or never.
  /// - Throws: ``ActionLogWriteError`` when the file cannot be created.
  public init(path: String, seed: UInt64? = nil, checkpointInterval: Int? = 100)
    throws(ActionLogWriteError)
  {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw ActionLogWriteError(errorNumber: errno, path: path) }
    self.descriptor = descriptor
    ownsDescriptor = true
    encoder = Self.makeEncoder()
    self.checkpointInterval = checkpointInterval
    write(ActionLogHeader(seed: seed))
  }

  /// Records into an open file, such as one the caller opened with its own rules for where a
  /// log may be written.
  ///
  /// - Parameters:
  ///   - fileDescriptor: Where each line is written, at once, so a killed process leaves
  ///     every complete line behind. The recorder does not close it.
  ///   - seed: The seed of the session's random source, for the header.
  ///   - checkpointInterval: Take a checkpoint every this many actions, or never.
  public init(fileDescriptor: Int32, seed: UInt64? = nil, checkpointInterval: Int? = 100) {
    descriptor = fileDescriptor
    ownsDescriptor = false
    encoder = Self.makeEncoder()
    self.checkpointInterval = checkpointInterval
    write(ActionLogHeader(seed: seed))
  }

  deinit {
    if ownsDescriptor { close(descriptor) }
  }

  private static func makeEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
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
      try writeAll(line, to: descriptor)
    } catch {
      writeError = error
    }
  }

  private struct CheckpointLine: Encodable {
    var checkpoint: String
    var sequence: Int
  }
}

/// Writes every byte of `data` to `descriptor`, again after an interruption or a short write.
private func writeAll(_ data: Data, to descriptor: Int32) throws(ActionLogWriteError) {
  let failure: Int32? = data.withUnsafeBytes { bytes in
    guard let start = bytes.baseAddress else { return nil }
    var offset = 0
    while offset < bytes.count {
      let written = write(descriptor, start + offset, bytes.count - offset)
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { return written < 0 ? errno : EIO }
      offset += written
    }
    return nil
  }
  if let failure { throw ActionLogWriteError(errorNumber: failure) }
}
