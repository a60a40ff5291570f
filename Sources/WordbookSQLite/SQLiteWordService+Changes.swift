import Wordbook

extension SQLiteWordService {
  /// How often a change feed looks for new rows in the journal.
  package static let changePollInterval = Duration.milliseconds(200)

  /// The changes committed to the database file from now on, by this service, by other
  /// services on the same file, and by other processes.
  ///
  /// Triggers write every change to a journal table in the same transaction, so a change is
  /// seen exactly when it is committed, whoever committed it. The feed looks for new journal
  /// rows every 200 ms (`changePollInterval`), one indexed read that finds nothing most of the
  /// time; the journal keeps about the last 10,000 rows. An import or the deletion of a book
  /// is one row however many words it touched: a session loads that book again.
  ///
  /// The feed starts after the newest row as of this service's last call, so it may first
  /// report a change committed by another process just before the subscription; sessions
  /// apply each change idempotently. It ends when the database is closed.
  public func changes() -> AsyncStream<[WordChange]> {
    JournalChangeFeed.stream(
      every: Self.changePollInterval, after: seenChange.withLock { $0 }
    ) { after throws(WordServiceError) in
      let (changes, newest) = try await self.withConnection { connection throws(WordServiceError) in
        try connection.inReadTransaction(.readChanges) { () throws(WordServiceError) in
          try connection.changes(after: after)
        }
      }
      self.seenChange.withLock { $0 = max($0, newest) }
      return (changes, newest)
    }
  }
}
