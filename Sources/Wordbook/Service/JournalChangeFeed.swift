/// A change feed that polls a service's change journal: the loop that the database services'
/// `changes()` share.
package enum JournalChangeFeed {
  /// A stream of the changes `read` finds, asking it every `interval`, or as soon as
  /// `doorbell` rings, for the rows after the last one it read, starting after `start`.
  ///
  /// A retryable error is tried again at the next poll; any other error (the database was
  /// closed) ends the stream, as does the subscriber's leaving, which runs `onEnd`.
  ///
  /// - Parameters:
  ///   - interval: The longest time between two reads.
  ///   - start: The journal row after which to start.
  ///   - doorbell: Rung when the journal may have grown, such as by a database notification.
  ///   - onEnd: Runs once when the stream ends.
  ///   - read: Reads the changes after a row and returns them with the last row it read.
  package static func stream(
    every interval: Duration, after start: Int64, doorbell: Doorbell = Doorbell(),
    onEnd: @escaping @Sendable () -> Void = {},
    read:
      @escaping @Sendable (Int64) async throws(WordServiceError) -> (
        changes: [WordChange], last: Int64
      )
  ) -> AsyncStream<[WordChange]> {
    let (stream, continuation) = AsyncStream.makeStream(of: [WordChange].self)
    let poll = Task {
      var last = start
      while !Task.isCancelled {
        do throws(WordServiceError) {
          let (changes, newest) = try await read(last)
          last = newest
          if !changes.isEmpty { continuation.yield(changes) }
        } catch  where !error.isRetryable {
          break
        } catch {}
        guard !Task.isCancelled else { break }
        await doorbell.wait(upTo: interval)
      }
      continuation.finish()
    }
    continuation.onTermination = { _ in
      poll.cancel()
      // The poll may be waiting: the bell lets it see its cancellation now.
      doorbell.ring()
      onEnd()
    }
    return stream
  }
}
