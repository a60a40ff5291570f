import Wordbook

extension PostgresWordService {
  /// How often a change feed reads the journal when no notification wakes it first: the
  /// longest a change whose notification was missed takes to arrive.
  package static let changePollInterval = Duration.seconds(1)

  /// The user's changes committed to the database from now on, by this service, by other
  /// services and by other processes on the same database.
  ///
  /// Every write adds its rows to the user's change journal in its own transaction, under the
  /// user's advisory lock, so the journal lists the user's changes in the order they were
  /// committed. Each journal row notifies the database's listeners when its transaction commits
  /// (`LISTEN wordbook_changes`, one listening connection per database and process:
  /// `PostgresChangeListener`), which wakes the feed to read the new rows at once, one indexed
  /// statement with the words they name; a notification can be missed, so the feed also reads
  /// every second (`changePollInterval`). An import or the deletion of a book is one row however many words
  /// it touched.
  ///
  /// The feed starts after the newest row as of this service's last write, so it may first
  /// report a change committed by another process just before the subscription; sessions apply
  /// each change idempotently. It ends when the service is closed.
  public func changes() -> AsyncStream<[WordChange]> {
    let doorbell = Doorbell()
    let subscription = PostgresChangeListener.subscribe(url: url, key: changeKey) {
      doorbell.ring()
    }
    return JournalChangeFeed.stream(
      every: Self.changePollInterval, after: seenChange.withLock { $0 }, doorbell: doorbell,
      onEnd: subscription.cancel
    ) { after throws(WordServiceError) in
      // One statement, which sees one snapshot: no transaction around it.
      let (changes, newest) = try await self.withLibrary { library throws(WordServiceError) in
        try library.changes(after: after)
      }
      self.seenChange.withLock { $0 = max($0, newest) }
      return (changes, newest)
    }
  }
}
