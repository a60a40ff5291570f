/// The first line of a JSON Lines action log: the log's format and what a replay needs to
/// start from the recorded state.
///
/// Logs written before the header existed have none: they are format 1, read as they are.
public struct ActionLogHeader: Hashable, Sendable, Codable {
  /// The format this version of the runtime writes and the newest it reads.
  ///
  /// Format 2 added the header and checkpoint lines after an action's own line; format 3 the
  /// entries of actions sent at once (origin ``ActionOrigin/sent``), whose sender's
  /// checkpoint waits for them.
  public static let currentFormatVersion = 3

  /// The format the log is written in.
  public var formatVersion: Int
  /// The seed of the recorded session's random source, for states that shuffle or draw with
  /// one, or `nil` when the session used none.
  public var seed: UInt64?

  /// Creates a header.
  ///
  /// - Parameters:
  ///   - seed: The seed the recorded session's state was made with, if any.
  ///   - formatVersion: The format; the current one unless given.
  public init(seed: UInt64? = nil, formatVersion: Int = currentFormatVersion) {
    self.formatVersion = formatVersion
    self.seed = seed
  }
}
