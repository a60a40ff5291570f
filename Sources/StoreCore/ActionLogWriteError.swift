#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why an action log could not be created or written: the system's error number and its
/// text.
public struct ActionLogWriteError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The `errno` value, such as `ENOSPC` for a full disk.
  public var errorNumber: Int32
  /// The file, when the error is about creating it.
  public var path: String?

  /// Creates the error for `errorNumber`.
  ///
  /// - Parameters:
  ///   - errorNumber: The `errno` value.
  ///   - path: The file, when the error is about creating it.
  public init(errorNumber: Int32, path: String? = nil) {
    self.errorNumber = errorNumber
    self.path = path
  }

  /// The system's text for the error, after the file's path when there is one.
  public var description: String {
    let reason = String(cString: strerror(errorNumber))
    return path.map { "\($0): \(reason)" } ?? reason
  }
}
