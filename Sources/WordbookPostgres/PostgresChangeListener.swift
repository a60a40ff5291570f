import Dispatch
import StoreCore
import Wordbook

/// One connection per database and process that runs `LISTEN wordbook_changes` and calls the
/// subscribers a notification names (the change feeds of a user, a server's check of its
/// sign-ins), so that a change made through any server, or by a command, reaches every page of
/// its user at once.
///
/// A journal row notifies `schema:user#row`; the listener calls each user's subscribers with
/// the newest row that woke them, so that a feed that has the row already
/// reads nothing. A notification can be missed only while the connection is down: once the
/// listener has connected, again or for the first time, every subscriber is called without a
/// row, to catch up. The listener runs on a thread of its own while it has
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
    /// What to call, by the key that names it (`schema:user`, `schema:sign-ins`), each under
    /// its subscription's number.
    var subscribers: [String: [Int: @Sendable (Int64?) -> Void]] = [:]
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
  /// user gets a journal row, with the newest row notified; `schema:sign-ins` when sign-ins
  /// end, with `nil`), and with `nil` after every connection, until the returned subscription
  /// is cancelled.
  static func subscribe(
    url: String, key: String, notified: @escaping @Sendable (_ row: Int64?) -> Void
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
        for (key, row) in Self.newestRows(in: payloads) { ring(key, row: row) }
      }
    }
  }

  /// The keys that `payloads` name, each with the newest row notified, or `nil` when one of
  /// its payloads names none.
  ///
  /// A journal's payload is `schema:user#row` (or several `user#row`, separated by commas), the
  /// others (`schema:sign-ins`) a key as they are.
  static func newestRows(in payloads: [String]) -> [String: Int64?] {
    var newest: [String: Int64?] = [:]
    func note(_ key: String, _ row: Int64?) {
      let merged: Int64? =
        switch (newest[key], row) {
        case (nil, _): row
        case (let known??, let row?): max(known, row)
        default: nil
        }
      newest.updateValue(merged, forKey: key)
    }
    for payload in payloads {
      guard let colon = payload.lastIndex(of: ":") else {
        note(payload, nil)
        continue
      }
      let schema = payload[...colon]
      let entries = payload[payload.index(after: colon)...].split(separator: ",").map { entry in
        let parts = entry.split(separator: "#")
        return parts.count == 2
          ? Int64(parts[0]).flatMap { user in
            Int64(parts[1]).map { (user, $0) }
          } : nil
      }
      guard !entries.isEmpty, entries.allSatisfy({ $0 != nil }) else {
        note(payload, nil)
        continue
      }
      for case (let user, let row)? in entries { note(schema + String(user), row) }
    }
    return newest
  }

  private func ring(_ key: String, row: Int64?) {
    let subscribers = state.withLock { Array(($0.subscribers[key] ?? [:]).values) }
    for notified in subscribers { notified(row) }
  }

  private func ringAll() {
    let subscribers = state.withLock { $0.subscribers.values.flatMap(\.values) }
    for notified in subscribers { notified(nil) }
  }
}
