#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A thread of one pooled connection's own that runs the blocks given to it one at a time, in
/// order.
///
/// libpq blocks its thread until the server answers. A serial `DispatchQueue` per connection
/// would borrow a thread of libdispatch's pool for each blocked call, and that pool stops
/// growing at about 255 threads: a `serve` process with more pages than that on a slow server
/// had work wait, for seconds, for a thread to free up behind other pages' calls. A thread of
/// its own per connection waits only for its own server's answers.
///
/// The thread ends once ``finish()`` has been called and every block given before has run.
///
/// Invariant (why `@unchecked Sendable` is sound): `jobs` and `isFinished` are only read and
/// written with `mutex` held; the thread is the only caller of the blocks.
final class ConnectionThread: @unchecked Sendable {
  private var jobs: [@Sendable () -> Void] = []
  private var isFinished = false
  private var mutex = pthread_mutex_t()
  private var condition = pthread_cond_t()

  /// Starts the thread; `nil` when the system refuses one (too many threads).
  init?() {
    pthread_mutex_init(&mutex, nil)
    pthread_cond_init(&condition, nil)
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    // libpq and the row decoding need little stack; 8 MiB of address space each would add up
    // with a thousand pages.
    pthread_attr_setstacksize(&attributes, 512 << 10)
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    let context = Unmanaged.passRetained(self).toOpaque()
    #if canImport(Glibc)
      var thread = pthread_t()
    #else
      var thread: pthread_t?
    #endif
    guard
      pthread_create(
        &thread, &attributes,
        { context in
          guard let context else { return nil }
          Unmanaged<ConnectionThread>.fromOpaque(context).takeRetainedValue().runJobs()
          return nil
        }, context) == 0
    else {
      Unmanaged<ConnectionThread>.fromOpaque(context).release()
      return nil
    }
  }

  /// Runs `job` on the thread after the blocks given before it.
  func async(_ job: @escaping @Sendable () -> Void) {
    pthread_mutex_lock(&mutex)
    jobs.append(job)
    pthread_cond_signal(&condition)
    pthread_mutex_unlock(&mutex)
  }

  /// Lets the thread end once the blocks given so far have run.
  func finish() {
    pthread_mutex_lock(&mutex)
    isFinished = true
    pthread_cond_signal(&condition)
    pthread_mutex_unlock(&mutex)
  }

  /// The thread's loop: takes the waiting blocks and runs them, until finished and empty.
  private func runJobs() {
    while true {
      pthread_mutex_lock(&mutex)
      while jobs.isEmpty, !isFinished { pthread_cond_wait(&condition, &mutex) }
      let taken = jobs
      jobs = []
      pthread_mutex_unlock(&mutex)
      if taken.isEmpty { return }
      for job in taken { job() }
    }
  }
}
