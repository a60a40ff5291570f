#if canImport(Glibc)
  import Glibc
#endif

/// Keeps a child started with `posix_spawn` from inheriting the test process's descriptors.
///
/// A child that inherits the end of a pipe another test reads holds it open for as long as it
/// runs, and a server it leaves running (`pg_ctl start`) holds it for the whole run: the other
/// test then never reads the end of its child's output. glibc's
/// `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which the Glibc module hides,
/// closes every descriptor above standard error in the child.
public enum SpawnedDescriptors {
  private typealias CloseFrom =
    @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
  private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32

  /// Adds to `actions` the closing, in the child, of every descriptor from 3 up, after the
  /// actions added before it.
  public static func closeInherited(in actions: inout posix_spawn_file_actions_t) {
    let closeFrom = unsafeBitCast(
      glibcFunction("posix_spawn_file_actions_addclosefrom_np"), to: CloseFrom.self)
    let result = closeFrom(&actions, 3)
    precondition(result == 0, "posix_spawn_file_actions_addclosefrom_np failed: \(result)")
  }

  /// Makes a pipe whose two ends are closed on exec from the start, so that no child another
  /// thread spawns in between inherits them: `pipe2` with `O_CLOEXEC`, which the Glibc module
  /// hides too.
  ///
  /// - Returns: The pipe's ends, or `nil` (with `errno` set) when no pipe could be made.
  public static func pipe() -> (reader: Int32, writer: Int32)? {
    let pipe2 = unsafeBitCast(glibcFunction("pipe2"), to: Pipe2.self)
    var ends: [Int32] = [-1, -1]
    guard pipe2(&ends, O_CLOEXEC) == 0 else { return nil }
    return (ends[0], ends[1])
  }

  private static func glibcFunction(_ name: String) -> UnsafeMutableRawPointer {
    guard let library = dlopen(nil, RTLD_NOW), let symbol = dlsym(library, name) else {
      preconditionFailure("glibc 2.34 or later is needed to spawn a child without leaks")
    }
    return symbol
  }
}
