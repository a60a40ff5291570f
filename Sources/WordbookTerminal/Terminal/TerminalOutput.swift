#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes text to a file descriptor, all of it, retrying after interruptions.
public struct TerminalOutput: Sendable {
  /// The descriptor written to.
  public var descriptor: Int32

  /// Creates an output on `descriptor`.
  public init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Standard output.
  public static let standardOutput = TerminalOutput(descriptor: STDOUT_FILENO)
  /// Standard error.
  public static let standardError = TerminalOutput(descriptor: STDERR_FILENO)

  /// Whether the descriptor is a terminal.
  public var isTerminal: Bool { isatty(descriptor) == 1 }

  /// Writes `text` as UTF-8.
  ///
  /// - Returns: `false` when the descriptor stopped accepting bytes (a closed pipe).
  @discardableResult
  public func write(_ text: String) -> Bool {
    var bytes = Array(text.utf8)
    return bytes.withUnsafeMutableBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        guard let base = buffer.baseAddress else { return true }
        #if canImport(Glibc)
          let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
        #else
          let written = Darwin.write(descriptor, base + offset, buffer.count - offset)
        #endif
        if written < 0 {
          if errno == EINTR || errno == EAGAIN { continue }
          return false
        }
        offset += written
      }
      return true
    }
  }

  /// Writes `text` and a line feed.
  @discardableResult
  public func writeLine(_ text: String) -> Bool {
    write(text + "\n")
  }
}
