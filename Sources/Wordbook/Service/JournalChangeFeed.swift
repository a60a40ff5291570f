/// A change feed that polls a service's change journal: the loop that the database services'
/// `changes()` share.
package enum JournalChangeFeed {
  /// A stream of the changes `read` finds, asking it every `interval` for the rows after the
  /// last one it read, starting after `start`.
  ///
  /// A retryable error is tried again at the next poll; any other error (the database was
  /// closed) ends the stream, as does the subscriber's leaving.
  ///
  /// - Parameters:
  ///   - interval: The time between two reads.
  ///   - start: The journal row after which to start.
  ///   - read: Reads the changes after a row and returns them with the last row it read.
  package static func stream(
    every interval: Duration, after start: Int64,
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
        try? await Task.sleep(for: interval)
      }
      continuation.finish()
    }
    continuation.onTermination = { _ in poll.cancel() }
    return stream
  }
}
