#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Private folders for a command's temporary files, in `TMPDIR` when it is set, else `/tmp`.
enum TemporaryFolder {
  /// The folder temporary files go in: `TMPDIR` when set and not empty, else `/tmp`.
  static var parent: String {
    guard let value = getenv("TMPDIR"), value.pointee != 0 else { return "/tmp" }
    let path = String(cString: value)
    return path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
  }

  /// Makes a new folder in ``parent`` that only this user can enter (mode 0700, by mkdtemp),
  /// named `prefix` and six random characters.
  ///
  /// - Returns: The folder's path, or `nil` (with `errno` set) when it cannot be made.
  static func make(prefix: String) -> String? {
    var template = Array("\(parent)/\(prefix)XXXXXX".utf8CString)
    return template.withUnsafeMutableBufferPointer { $0.baseAddress.flatMap(mkdtemp) }
      .map { String(cString: $0) }
  }
}
