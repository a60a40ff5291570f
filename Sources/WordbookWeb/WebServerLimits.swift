/// How much one server accepts, so that one browser cannot exhaust it.
public struct WebServerLimits: Hashable, Sendable {
  /// Open connections at once, event streams included.
  public var connections: Int
  /// Study sessions (and so event streams) at once.
  public var sessions: Int
  /// Bytes in one request body.
  public var bodyBytes: Int

  /// Creates limits; the defaults suit a few browsers of one learner.
  ///
  /// - Parameters:
  ///   - connections: Open connections at once.
  ///   - sessions: Study sessions at once.
  ///   - bodyBytes: Bytes in one request body.
  public init(connections: Int = 64, sessions: Int = 8, bodyBytes: Int = 64 << 10) {
    self.connections = connections
    self.sessions = sessions
    self.bodyBytes = bodyBytes
  }
}
