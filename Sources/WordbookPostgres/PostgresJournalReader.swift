import StoreCore
import Wordbook

/// Reads the journals of the process's change feeds on one database together: one statement,
/// on a connection of the reader's own, for every feed that asked since the last read started,
/// whichever learners they follow.
///
/// A server holds a feed per page, and a mark made on one server wakes the feeds of its
/// learner on every other: reading each feed's journal on its own would cost a statement per
/// mark and page. Reads start at most every ``spacing``: feeds that ask meanwhile wait for the
/// next one, so a busy server reads many feeds at the cost of a few statements. The first read
/// after a quiet time waits ``gathering`` for other feeds to ask: learners who mark together (a
/// class answering the same card) are then read in one statement once their marks are
/// committed, not one by one while they are, and a mark's acknowledgement, which its learner
/// waits for, comes before the other pages' news, which no one waits for. Each feed gets
/// the rows after its own cursor, as ``UserLibrary/changes(after:)`` reads them; a feed further
/// behind than ``UserLibrary/journalReadLimit`` rows is read alone, which reloads its books.
final class PostgresJournalReader: Sendable {
  /// The least time between the starts of two reads.
  static let spacing = Duration.milliseconds(100)
  /// How long a read waits, after the first feed asked, for others to ask.
  static let gathering = Duration.milliseconds(60)
  /// The most feeds one statement reads.
  static let batchLimit = 500

  private struct Request: Sendable {
    var userID: Int64
    var after: Int64
    var finish:
      @Sendable (Result<(changes: [JournaledChange], last: Int64), WordServiceError>) -> Void
  }

  /// The readers in use, by URL; one leaves when its last service is released.
  private static let running = Locked<[String: WeakReader]>([:])

  private let batcher: ConnectionBatcher<Request>

  private init(url: String) {
    batcher = ConnectionBatcher(
      url: url, spacing: Self.spacing, gathering: Self.gathering,
      take: { waiting in
        let taken = Array(waiting.prefix(Self.batchLimit))
        waiting.removeFirst(taken.count)
        return taken
      },
      perform: Self.read)
  }

  /// The process's reader for `url`, shared with every other service holding it.
  static func shared(url: String) -> PostgresJournalReader {
    running.withLock { running in
      if let reader = running[url]?.reader { return reader }
      running = running.filter { $0.value.reader != nil }
      let reader = PostgresJournalReader(url: url)
      running[url] = WeakReader(reader: reader)
      return reader
    }
  }

  /// The changes of the user `userID` journaled after row `after`, with the number of the last
  /// row read, read with the next batch.
  func changes(of userID: Int64, after: Int64) async throws(WordServiceError) -> (
    changes: [JournaledChange], last: Int64
  ) {
    let outcome = await withCheckedContinuation { continuation in
      batcher.submit(
        Request(userID: userID, after: after) { continuation.resume(returning: $0) })
    }
    return try outcome.get()
  }

  /// Reads the journals of `batch` in one statement and answers every request: none is read
  /// again.
  private static func read(
    _ batch: [Request], on connection: Result<PostgresConnection, WordServiceError>
  ) -> [Request] {
    let limit = UserLibrary.journalReadLimit
    do throws(WordServiceError) {
      let connection = try connection.get()
      let rows = try connection.query(
        """
        SELECT f.n, c.seq, c.kind, c.book_id, c.word_id,
          w.id, w.term, w.meaning, w.image_reference, w.study_state
        FROM unnest($1::bigint[], $2::bigint[]) WITH ORDINALITY AS f(u, after, n)
        CROSS JOIN LATERAL (
          SELECT * FROM changes AS c WHERE c.user_id = f.u AND c.seq > f.after
          ORDER BY c.seq LIMIT $3
        ) AS c
        LEFT JOIN words AS w ON c.kind IN (0, 1) AND w.id = c.word_id AND w.user_id = c.user_id
        ORDER BY f.n, c.seq
        """,
        [
          .integerArray(batch.map(\.userID)), .integerArray(batch.map(\.after)),
          .integer(Int64(limit + 1)),
        ], .readChanges)
      var start = 0
      for (index, request) in batch.enumerated() {
        var end = start
        while end < rows.count, rows.integer(end, 0) == Int64(index + 1) { end += 1 }
        defer { start = end }
        guard end - start <= limit else {
          let library = UserLibrary(connection, userID: request.userID)
          request.finish(
            Result { () throws(WordServiceError) in try library.changes(after: request.after) })
          continue
        }
        let last = end > start ? rows.integer(end - 1, 1) : request.after
        request.finish(.success((UserLibrary.changes(in: rows, start..<end, from: 1), last)))
      }
    } catch {
      for request in batch { request.finish(.failure(error)) }
    }
    return []
  }

  /// The reader of a URL, not kept alive by the table of readers.
  private struct WeakReader: @unchecked Sendable {
    weak var reader: PostgresJournalReader?
  }
}
