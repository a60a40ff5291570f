import Wordbook

extension PostgresWordService {
  /// How often a change feed looks for new rows in the journal.
  package static let changePollInterval = Duration.milliseconds(200)

  /// The user's changes committed to the database from now on, by this service, by other
  /// services and by other processes on the same database.
  ///
  /// Every write adds its rows to the user's change journal in its own transaction, under the
  /// user's advisory lock, so the journal lists the user's changes in the order they were
  /// committed. The feed looks for new rows every 200 ms (`changePollInterval`), one indexed
  /// read; an import or the deletion of a book is one row however many words it touched.
  ///
  /// The feed starts after the newest row as of this service's last write, so it may first
  /// report a change committed by another process just before the subscription; sessions apply
  /// each change idempotently. It ends when the service is closed.
  public func changes() -> AsyncStream<[WordChange]> {
    JournalChangeFeed.stream(
      every: Self.changePollInterval, after: seenChange.withLock { $0 }
    ) { after throws(WordServiceError) in
      let (changes, newest) = try await self.withLibrary { library throws(WordServiceError) in
        try library.connection.inTransaction(.readChanges) { () throws(WordServiceError) in
          try library.changes(after: after)
        }
      }
      self.seenChange.withLock { $0 = max($0, newest) }
      return (changes, newest)
    }
  }
}
