/// What `wordbook serve` was asked to do.
public struct ServeRequest: Hashable, Sendable {
  /// The port to listen on; 0 picks a free one.
  public var port: UInt16
  /// The IP address to listen on.
  public var host: String
  /// Whether to open the page in this machine's browser.
  public var opensBrowser: Bool

  /// Creates a request.
  public init(port: UInt16 = 8080, host: String = "127.0.0.1", opensBrowser: Bool = false) {
    self.port = port
    self.host = host
    self.opensBrowser = opensBrowser
  }

  /// Reads `serve`'s arguments: `--port N`, `--host ADDRESS` and the flag `--open`.
  ///
  /// - Throws: ``UsageError`` for an unknown option, a port that is not a number from 0 to
  ///   65535, or a positional argument.
  public init(arguments: SubcommandArguments) throws(UsageError) {
    let (opensBrowser, rest) = arguments.removingFlag("open")
    let (values, options) = try rest.options(["port", "host"])
    _ = try rest.positionals(in: values, required: 0)
    let port = options["port"] ?? "8080"
    guard let number = UInt16(port) else {
      throw UsageError(.invalidPort(port), usage: rest.usage)
    }
    let host = options["host"] ?? "127.0.0.1"
    guard !host.isEmpty else {
      throw UsageError(.hostNeedsAddress, usage: rest.usage)
    }
    self.init(port: number, host: host, opensBrowser: opensBrowser)
  }
}
