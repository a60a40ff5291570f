#if canImport(Glibc)
  import Glibc
#endif

/// Gives the memory the process freed back to the system.
///
/// glibc's `malloc` keeps freed small blocks for the process to reuse, so a session that read a
/// book another session already holds (``SharedWords``) would keep the size of its read in the
/// process after dropping it, and five sessions of a book would cost about two books. Other
/// systems' allocators give it back by themselves.
package enum FreedMemory {
  /// Returns the freed pages to the system; a few milliseconds for a heap of a few hundred
  /// megabytes.
  package static func returnToSystem() {
    #if canImport(Glibc)
      _ = trim?(0)
    #endif
  }

  #if canImport(Glibc)
    /// glibc's `malloc_trim`, which its module does not export, found at run time.
    private static let trim: (@convention(c) (Int) -> Int32)? = dlsym(nil, "malloc_trim").map {
      unsafeBitCast($0, to: (@convention(c) (Int) -> Int32).self)
    }
  #endif
}
