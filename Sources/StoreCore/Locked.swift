#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value shared between threads, behind a pthread mutex: the one lock of the package.
///
/// `Synchronization.Mutex` would do the same work, but on Linux it is a futex that the thread
/// sanitizer cannot see, so a value it guards is reported as a race whenever two threads touch
/// it close together (seen in `.ci/run`: a signal's watcher and the command it cancels). A
/// pthread mutex is one the sanitizer follows, which keeps the sanitizer run able to find real
/// races.
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
  package func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
