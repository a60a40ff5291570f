#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value shared between threads that have no other edge the thread sanitizer knows of (a C
/// library's thread, such as libmicrohttpd's polling thread or a PostgreSQL listener, and
/// Swift's tasks), behind a pthread mutex.
///
/// `Synchronization.Mutex` would do the same work, but on Linux it is a futex that the thread
/// sanitizer cannot see, so every shared value would be reported as a race. A pthread mutex is
/// one the sanitizer follows, which keeps `.ci/run`'s sanitizer run able to find real races.
package final class Locked<Value: Sendable>: @unchecked Sendable {
  // Safety: `value` is read and written only inside `withLock`, under `mutex`.
  private var value: Value
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  /// Shares `value`.
  package init(_ value: Value) {
    self.value = value
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` on the value with the mutex held.
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
