import Dispatch
import StoreCore
import Wordbook

/// One connection per database and process that runs `LISTEN wordbook_changes` and calls the
/// subscribers a notification names (the change feeds of a user, a server's check of its
/// sign-ins), so that a change made through any server, or by a command, reaches every page of
/// its user at once.
///
/// A notification can be missed (while the connection is down, for one); the journal cannot:
/// every feed still reads its journal at its own interval, and after the listener connects
/// again every subscriber is called to catch up. The listener runs on a thread of its own while it has
/// subscribers and stops with the last one.
final class PostgresChangeListener: Sendable {
  /// How long one wait for notifications lasts before the listener looks whether it should
  /// stop.
  private static let waitMilliseconds: Int32 = 250
  /// How long the listener waits before connecting again after losing its connection.
  private static let reconnectDelay = DispatchTimeInterval.milliseconds(500)

  /// The running listeners, by database URL.
  private static let running = Locked<[String: PostgresChangeListener]>([:])

  private struct State {
    /// What to call, by the payload that names it (`schema:user`, `schema:sign-ins`), each under
    /// its subscription's number.
    var subscribers: [String: [Int: @Sendable () -> Void]] = [:]
    var count = 0
    var nextNumber = 0
    var isStopped = false
  }

  private let url: String
  private let state = Locked(State())
  private let queue = DispatchQueue(label: "Wordbook.PostgresChangeListener")

  private init(url: String) {
    self.url = url
  }

  /// Calls `notified` whenever the database at `url` notifies `key` (`schema:user ID` when the
  /// user gets a journal row, `schema:sign-ins` when sign-ins end), and after every
  /// reconnection, until the returned subscription is cancelled.
  static func subscribe(
    url: String, key: String, notified: @escaping @Sendable () -> Void
  ) -> Subscription {
    let (listener, number, isNew) = running.withLock { running in
      let listener = running[url] ?? PostgresChangeListener(url: url)
      let isNew = running[url] == nil
      running[url] = listener
      let number = listener.state.withLock { state in
        state.nextNumber += 1
        state.count += 1
        state.subscribers[key, default: [:]][state.nextNumber] = notified
        return state.nextNumber
      }
      return (listener, number, isNew)
    }
    if isNew { listener.start() }
    return Subscription { listener.unsubscribe(key: key, number: number) }
  }

  /// Stops the ringing when cancelled.
  struct Subscription: Sendable {
    let cancel: @Sendable () -> Void
  }

  private func unsubscribe(key: String, number: Int) {
    Self.running.withLock { running in
      let isLast = state.withLock { state in
        state.subscribers[key]?[number] = nil
        if state.subscribers[key]?.isEmpty == true { state.subscribers[key] = nil }
        state.count -= 1
        if state.count == 0 { state.isStopped = true }
        return state.count == 0
      }
      if isLast, running[url] === self { running[url] = nil }
    }
  }

  private func start() {
    queue.async { self.listen() }
  }

  /// Connects, listens and rings until stopped, connecting again whenever the connection is
  /// lost.
  private func listen() {
    while !state.withLock({ $0.isStopped }) {
      guard let connection = try? PostgresConnection(url: url),
        (try? connection.execute("LISTEN wordbook_changes", .readChanges)) != nil
      else {
        queue.asyncAfter(deadline: .now() + Self.reconnectDelay) { self.listen() }
        return
      }
      // What was written while nobody listened is read now.
      ringAll()
      while !state.withLock({ $0.isStopped }) {
        guard let payloads = connection.notifications(waitingAtMost: Self.waitMilliseconds)
        else { break }
        for payload in Set(payloads) { ring(payload) }
      }
    }
  }

  private func ring(_ key: String) {
    let subscribers = state.withLock { Array(($0.subscribers[key] ?? [:]).values) }
    for notified in subscribers { notified() }
  }

  private func ringAll() {
    let subscribers = state.withLock { $0.subscribers.values.flatMap(\.values) }
    for notified in subscribers { notified() }
  }
}
