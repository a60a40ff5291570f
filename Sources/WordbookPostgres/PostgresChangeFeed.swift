import StoreCore
import Wordbook

/// A change of the user's journal, with the number of its row.
struct JournaledChange: Sendable, Equatable {
  var seq: Int64
  var change: WordChange
}

/// One subscriber's feed of a user's changes (`PostgresWordService.changes()`), and the row of
/// the user's journal up to which it has reported them: its cursor.
///
/// The feed reports each change once, in the order of the journal, from two sources: what it
/// reads from the journal, and the marks its own service committed, which it reports without
/// reading them back when every row before them has been reported. A notification of a row
/// the cursor has passed rings nothing, so that a page does not read back its own marks.
final class PostgresChangeFeed: Sendable {
  private let cursor: Locked<Int64>
  private let continuation: AsyncStream<[WordChange]>.Continuation
  /// Rung when the journal has a row past the cursor, or may have.
  let doorbell = Doorbell()

  /// A feed that reports the changes after row `start` to `continuation`.
  init(after start: Int64, to continuation: AsyncStream<[WordChange]>.Continuation) {
    cursor = Locked(start)
    self.continuation = continuation
  }

  /// The row up to which the feed has reported the user's changes.
  var reported: Int64 { cursor.withLock { $0 } }

  /// Reports the changes of `rows`, read from the journal up to row `last`, that the cursor
  /// has not passed.
  func deliver(_ rows: [JournaledChange], readUpTo last: Int64) {
    cursor.withLock { cursor in
      let new = rows.filter { $0.seq > cursor }.map(\.change)
      if !new.isEmpty { continuation.yield(new) }
      cursor = max(cursor, last)
    }
  }

  /// Reports the service's own `rows`, in the order of their numbers, when the user's journal
  /// had no row between the cursor and them (row `previous` being the user's last before);
  /// otherwise the next read reports them.
  func deliverOwn(_ rows: [JournaledChange], after previous: Int64) {
    cursor.withLock { cursor in
      guard previous <= cursor, let last = rows.last?.seq, last > cursor else { return }
      continuation.yield(rows.filter { $0.seq > cursor }.map(\.change))
      cursor = last
    }
  }

  /// Rings the doorbell unless the cursor has passed `row`, the newest row a notification
  /// named (`nil`: any row may be new).
  func notified(row: Int64?) {
    if let row, row <= reported { return }
    doorbell.ring()
  }
}
