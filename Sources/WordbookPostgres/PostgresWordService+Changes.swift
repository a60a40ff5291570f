import Wordbook

extension PostgresWordService {
  /// How long a change feed waits before reading again after a read failed.
  static let changeRetryInterval = Duration.seconds(1)

  /// The user's changes committed to the database from now on, by this service, by other
  /// services and by other processes on the same database.
  ///
  /// Every write adds its rows to the user's change journal in its own transaction, under the
  /// user's advisory lock, so the journal lists the user's changes in the order they were
  /// committed. Each journal row notifies the database's listeners when its transaction commits
  /// (`LISTEN wordbook_changes`, one listening connection per database and process:
  /// `PostgresChangeListener`), naming the row, which wakes the feed to read the new rows with
  /// the words they name, in one statement with the other feeds of the process that woke
  /// within a few milliseconds (`PostgresJournalReader`). The feed reads nothing else: no
  /// notification is missed while the listener is connected, and each time it connects the feed
  /// reads what it may have missed. A read that fails is tried again every second. An import or
  /// the deletion of a book is one row however many words it touched.
  ///
  /// The marks this service commits are reported without being read back, as committed, when
  /// the feed has every row before them, and their notifications then wake nothing.
  ///
  /// The feed starts after the newest row as of this service's last write, so it may first
  /// report a change committed by another process just before the subscription; sessions apply
  /// each change idempotently. It ends when the service is closed.
  public func changes() -> AsyncStream<[WordChange]> {
    let (stream, continuation) = AsyncStream.makeStream(of: [WordChange].self)
    let feed = PostgresChangeFeed(after: seenChange.withLock { $0 }, to: continuation)
    let number = feeds.withLock { feeds in
      feeds.number += 1
      feeds.open[feeds.number] = feed
      return feeds.number
    }
    let subscription = PostgresChangeListener.subscribe(url: url, key: changeKey) { row in
      feed.notified(row: row)
    }
    let reading = Task {
      var patience: Duration?
      while !Task.isCancelled, !database.isClosed {
        do throws(WordServiceError) {
          let (changes, last) = try await journalReader.changes(
            of: userID, after: feed.reported)
          seenChange.withLock { $0 = max($0, last) }
          feed.deliver(changes, readUpTo: last)
          patience = nil
        } catch  where !error.isRetryable {
          break
        } catch {
          patience = Self.changeRetryInterval
        }
        guard !Task.isCancelled else { break }
        await feed.doorbell.wait(upTo: patience)
      }
      continuation.finish()
    }
    continuation.onTermination = { _ in
      reading.cancel()
      // The reading may be waiting: the bell lets it see its cancellation now.
      feed.doorbell.ring()
      subscription.cancel()
      self.feeds.withLock { $0.open[number] = nil }
    }
    return stream
  }

  /// Sets the study state of several words in one transaction, all or none, committed with the
  /// marks of the process's other services on the database (`StudyMarkCommitter`); the change
  /// feeds of this service report them as committed.
  public func updateStudyStates(_ changes: [StudyStateChange]) async throws(WordServiceError) {
    guard !changes.isEmpty else { return }
    let (userID, committer) = (userID, committer)
    let outcome = try await database.runInOrder { finish in
      committer.submit(userID: userID, changes: changes, finish: finish)
    }
    let rows = outcome.marks.map { mark in
      JournaledChange(seq: mark.seq, change: .wordUpdated(mark.word, book: mark.book))
    }
    seenChange.withLock { $0 = max($0, rows.last?.seq ?? 0) }
    for feed in feeds.withLock({ Array($0.open.values) }) {
      feed.deliverOwn(rows, after: outcome.previous)
    }
  }
}
