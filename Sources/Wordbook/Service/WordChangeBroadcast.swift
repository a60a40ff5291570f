import StoreCore

/// Hands the changes a service makes to every subscriber of its change feed.
///
/// Each subscriber gets its own stream; a subscriber that stops listening is dropped. Changes
/// are buffered per subscriber, so a slow session never holds the service up.
package final class WordChangeBroadcast: Sendable {
  private let subscribers = Locked<[Int: AsyncStream<[WordChange]>.Continuation]>([:])
  private let nextID = Locked(0)

  /// Creates a broadcast without subscribers.
  package init() {}

  /// How many subscribers listen now.
  package var subscriberCount: Int {
    subscribers.withLock { $0.count }
  }

  /// A new subscriber's stream: the changes sent from now on.
  package func subscribe() -> AsyncStream<[WordChange]> {
    let (stream, continuation) = AsyncStream.makeStream(of: [WordChange].self)
    let id = nextID.withLock { next in
      next += 1
      return next
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.subscribers.withLock { $0.removeValue(forKey: id) }
    }
    subscribers.withLock { $0[id] = continuation }
    return stream
  }

  /// Sends `changes` to every subscriber; nothing is sent for no change.
  package func send(_ changes: [WordChange]) {
    guard !changes.isEmpty else { return }
    for continuation in subscribers.withLock({ Array($0.values) }) {
      continuation.yield(changes)
    }
  }
}
