#if canImport(Glibc)
  import Glibc
#endif

/// Keeps a child started with `posix_spawn` from inheriting the test process's descriptors.
///
/// Foundation's `Process` learns that its child exited when the other end of a socket it gives
/// that child closes. A child spawned by hand at the same moment inherits that end too unless it
/// closes every descriptor above standard error; a server it leaves running (`pg_ctl start`)
/// then holds it for the whole run, so the other test's `Process` never sees its child exit and
/// waits forever. glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which the
/// Glibc module hides, closes them all in the child.
public enum SpawnedDescriptors {
  private typealias CloseFrom =
    @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

  /// Adds to `actions` the closing, in the child, of every descriptor from 3 up, after the
  /// actions added before it.
  public static func closeInherited(in actions: inout posix_spawn_file_actions_t) {
    guard let library = dlopen(nil, RTLD_NOW),
      let symbol = dlsym(library, "posix_spawn_file_actions_addclosefrom_np")
    else {
      preconditionFailure("glibc 2.34 or later is needed to spawn a child without leaks")
    }
    let closeFrom = unsafeBitCast(symbol, to: CloseFrom.self)
    let result = closeFrom(&actions, 3)
    precondition(result == 0, "posix_spawn_file_actions_addclosefrom_np failed: \(result)")
  }
}
