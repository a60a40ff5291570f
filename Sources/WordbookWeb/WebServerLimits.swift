/// How much one server accepts, so that one browser, or a program without the token, cannot
/// exhaust it.
public struct WebServerLimits: Hashable, Sendable {
  /// Open connections at once, event streams included. Connections that have not yet sent a
  /// request may fill at most seven eighths of them (the oldest such one is closed to make
  /// room), and one address other than loopback a quarter.
  public var connections: Int
  /// Study sessions (and so event streams) at once.
  public var sessions: Int
  /// Bytes in one request body.
  public var bodyBytes: Int
  /// How long a connection has to send a request's head, from its opening and after each
  /// answer, before the server closes it.
  public var requestDeadline: Duration

  /// Creates limits; the defaults suit a few browsers of one learner, against hundreds of
  /// connections from a program without the token.
  ///
  /// - Parameters:
  ///   - connections: Open connections at once; the process's descriptor limit may lower it.
  ///   - sessions: Study sessions at once.
  ///   - bodyBytes: Bytes in one request body; the default takes an edit of the largest card
  ///     an import allows (1 MiB of term and 1 MiB of meaning, escaped as JSON).
  ///   - requestDeadline: How long a connection has to send a request's head.
  public init(
    connections: Int = 1024, sessions: Int = 8, bodyBytes: Int = 16 << 20,
    requestDeadline: Duration = .seconds(5)
  ) {
    self.connections = connections
    self.sessions = sessions
    self.bodyBytes = bodyBytes
    self.requestDeadline = requestDeadline
  }
}
