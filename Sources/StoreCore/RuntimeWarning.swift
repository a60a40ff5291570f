#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A problem the store noticed at run time that is not the user's fault, such as an error
/// thrown by an effect with no `catch` handler.
public struct RuntimeWarning: Hashable, Sendable, CustomStringConvertible {
  /// What happened.
  public var message: String
  /// Where the code at fault was written, such as the place an effect was made.
  public var origin: CodeLocation

  /// Creates a warning.
  public init(message: String, origin: CodeLocation) {
    self.message = message
    self.origin = origin
  }

  /// `File.swift:42: message`.
  public var description: String { "\(origin): \(message)" }

  /// Writes the warning as one line to standard error: the default for live stores.
  @Sendable
  public static func writeToStandardError(_ warning: RuntimeWarning) {
    let line = "[StoreCore] warning: \(warning)\n"
    _ = line.utf8CString.withUnsafeBufferPointer { buffer in
      write(2, buffer.baseAddress, buffer.count - 1)
    }
  }
}
