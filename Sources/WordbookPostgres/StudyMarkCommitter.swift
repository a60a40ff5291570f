import StoreCore
import Wordbook

/// Commits the study marks of every service of the process on one database together: one
/// transaction, on a connection of the committer's own, for all the marks that arrived since
/// the last commit started, whichever learners made them.
///
/// A server with many learners would otherwise pay a transaction, a lock statement, a commit
/// and its flush per mark. Here commits start at most every ``spacing``: marks that arrive
/// meanwhile wait for the next one, so a busy server commits many marks at the cost of a few,
/// and an idle one commits a mark ``gathering`` after it came. Each call is answered only once
/// its marks are committed, or have failed; its marks are all committed or none.
///
/// A transaction takes the advisory locks of its learners without waiting, then sets the
/// words' states and adds a journal row per mark in one statement, and returns each word as
/// stored with its journal row. A call whose learner's lock another writer holds (an import of
/// theirs, say) waits for a later batch, for ``lockPatience`` at most, so that one learner's
/// long write holds back no one else's marks. A call that names a missing word fails alone with
/// `WordServiceError.Kind.notFound`: the transaction is rolled back and written again without
/// it. Two calls that mark the same word go into different transactions, in the order they
/// came.
final class StudyMarkCommitter: Sendable {
  /// The least time between the starts of two commits.
  static let spacing = Duration.milliseconds(10)
  /// How long a commit waits, after the first of its marks came, for others to come: learners
  /// who mark together (a class answering the same card) are committed in one transaction,
  /// not the first alone and the rest a ``spacing`` later.
  static let gathering = Duration.milliseconds(3)
  /// The most marks one transaction writes.
  static let batchLimit = 1000
  /// How long a call waits for its learner's lock while another writer holds it (an import,
  /// say), tried again with each batch, before it fails as a wait for the lock would (the
  /// connections' `lock_timeout`). Waiting for the lock in the transaction instead would hold
  /// every other learner's marks back with it.
  static let lockPatience = Duration.seconds(5)

  /// A mark as committed: the word as stored and its journal row.
  struct Committed: Sendable {
    var seq: Int64
    var word: Word
    var book: WordBook.ID
  }

  /// What a call's marks became: their journal rows, and the user's journal row before them.
  struct Outcome: Sendable {
    var marks: [Committed]
    var previous: Int64
  }

  private struct Request: Sendable {
    var userID: Int64
    var changes: [StudyStateChange]
    var finish: @Sendable (Result<Outcome, WordServiceError>) -> Void
    /// When a batch first found the learner's lock held by another writer.
    var lockedOutSince: ContinuousClock.Instant?
  }

  /// The committers in use, by URL; one leaves when its last service is released.
  private static let running = Locked<[String: WeakCommitter]>([:])

  private let batcher: ConnectionBatcher<Request>

  private init(url: String) {
    batcher = ConnectionBatcher(
      url: url, spacing: Self.spacing, gathering: Self.gathering, take: Self.nextBatch,
      perform: Self.commit)
  }

  /// The process's committer for `url`, shared with every other service holding it.
  static func shared(url: String) -> StudyMarkCommitter {
    running.withLock { running in
      if let committer = running[url]?.committer { return committer }
      running = running.filter { $0.value.committer != nil }
      let committer = StudyMarkCommitter(url: url)
      running[url] = WeakCommitter(committer: committer)
      return committer
    }
  }

  /// Commits `changes` of the user `userID` with the next transaction, then calls `finish`
  /// with their journal rows or the error that kept them from the database.
  func submit(
    userID: Int64, changes: [StudyStateChange],
    finish: @escaping @Sendable (Result<Outcome, WordServiceError>) -> Void
  ) {
    // A word marked twice in one call keeps its last state, as if written in order.
    var latest: [Word.ID: Int] = [:]
    for (index, change) in changes.enumerated() { latest[change.wordID] = index }
    let distinct = changes.indices.filter { latest[changes[$0].wordID] == $0 }.map { changes[$0] }
    batcher.submit(
      Request(userID: userID, changes: distinct, finish: finish, lockedOutSince: nil))
  }

  /// Takes the first requests waiting, in order, that mark no word twice and together stay
  /// within ``batchLimit`` (the first one whatever its size).
  private static func nextBatch(from pending: inout [Request]) -> [Request] {
    var batch: [Request] = []
    var marked = Set<Word.ID>()
    var count = 0
    var index = 0
    while index < pending.count {
      let request = pending[index]
      let words = request.changes.map(\.wordID)
      guard batch.isEmpty || count + words.count <= batchLimit else { break }
      if words.contains(where: marked.contains) {
        index += 1
        continue
      }
      marked.formUnion(words)
      count += words.count
      batch.append(pending.remove(at: index))
    }
    return batch
  }

  /// Writes `batch` in one transaction, leaving out the requests that name a missing word
  /// and those whose learner's lock another writer holds, answers the others, and returns the
  /// locked-out requests that may still wait for a later batch.
  private static func commit(
    _ batch: [Request], on connection: Result<PostgresConnection, WordServiceError>
  ) -> [Request] {
    var batch = batch
    var later: [Request] = []
    do throws(WordServiceError) {
      let connection = try connection.get()
      do throws(WordServiceError) {
        while !batch.isEmpty {
          let lockedOut = try lockUsers(of: batch, on: connection)
          let now = ContinuousClock.now
          for var request in batch where lockedOut.contains(request.userID) {
            let since = request.lockedOutSince ?? now
            guard now - since < lockPatience else {
              request.finish(
                .failure(
                  .storage(.unavailable, .busy, during: .saveStudyMarks, path: connection.location)
                ))
              continue
            }
            request.lockedOutSince = since
            later.append(request)
          }
          batch.removeAll { lockedOut.contains($0.userID) }
          guard !batch.isEmpty else {
            connection.rollBack(.saveStudyMarks)
            break
          }
          let (outcomes, missing) = try write(batch, on: connection)
          guard missing.isEmpty else {
            connection.rollBack(.saveStudyMarks)
            for (index, word) in missing { batch[index].finish(.failure(.wordNotFound(word))) }
            batch = batch.indices.filter { missing[$0] == nil }.map { batch[$0] }
            continue
          }
          try connection.execute("COMMIT", .saveStudyMarks)
          for (request, outcome) in zip(batch, outcomes) { request.finish(.success(outcome)) }
          break
        }
      } catch {
        connection.rollBack(.saveStudyMarks)
        throw error
      }
    } catch {
      for request in batch + later { request.finish(.failure(error)) }
      return []
    }
    return later
  }

  /// Opens a transaction and takes the locks of `batch`'s learners that no other writer holds,
  /// without waiting, in the order of their IDs; returns the learners whose lock is held.
  private static func lockUsers(of batch: [Request], on connection: PostgresConnection)
    throws(WordServiceError) -> Set<Int64>
  {
    let rows = try connection.pipeline(
      [
        ("BEGIN", []),
        (
          """
          SELECT u FROM unnest($1::bigint[]) AS u
          WHERE NOT pg_try_advisory_xact_lock(hashtext(current_schema()), (u % 2147483647)::integer)
          """, [.integerArray(Set(batch.map(\.userID)).sorted())]
        ),
      ], .saveStudyMarks)[1]
    return Set((0..<rows.count).map { rows.integer($0, 0) })
  }

  /// Marks `batch`'s words and journals them in the transaction that holds their learners'
  /// locks, and returns each request's outcome, or the first missing word of each request that
  /// names one.
  private static func write(_ batch: [Request], on connection: PostgresConnection)
    throws(WordServiceError) -> (outcomes: [Outcome], missing: [Int: Word.ID])
  {
    let marks = batch.flatMap { request in request.changes.map { (request.userID, $0) } }
    let rows = try connection.pipeline(
      [
        (
          """
          WITH m AS (
            SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::smallint[])
              WITH ORDINALITY AS m(u, w, s, n)
          ), marked AS (
            UPDATE words SET study_state = m.s FROM m WHERE words.user_id = m.u AND words.id = m.w
            RETURNING m.n, words.user_id, words.book_id, words.id, words.term, words.meaning,
              words.image_reference, words.study_state
          ), journaled AS (
            INSERT INTO changes (user_id, kind, book_id, word_id)
            SELECT user_id, 1, book_id, id FROM marked ORDER BY n RETURNING seq, user_id, word_id
          )
          SELECT j.seq, j.user_id, k.book_id, k.id, k.term, k.meaning, k.image_reference,
            k.study_state,
            (SELECT coalesce(max(c.seq), 0) FROM changes AS c WHERE c.user_id = j.user_id)
          FROM journaled AS j JOIN marked AS k ON k.user_id = j.user_id AND k.id = j.word_id
          ORDER BY j.seq
          """,
          [
            .integerArray(marks.map(\.0)), .integerArray(marks.map { $0.1.wordID.rawValue }),
            .integerArray(marks.map { Int64($0.1.state.rawValue) }),
          ]
        )
      ], .saveStudyMarks)[0]
    var journaled: [Word.ID: Committed] = [:]
    var newest: [Int64: Int64] = [:]
    for row in 0..<rows.count {
      let user = rows.integer(row, 1)
      if newest[user] == nil { newest[user] = rows.integer(row, 8) }
      journaled[Word.ID(rows.integer(row, 3))] = Committed(
        seq: rows.integer(row, 0), word: rows.word(row, from: 3),
        book: WordBook.ID(rows.integer(row, 2)))
    }
    var outcomes: [Outcome] = []
    var missing: [Int: Word.ID] = [:]
    for (index, request) in batch.enumerated() {
      let marks = request.changes.compactMap { journaled[$0.wordID] }.sorted { $0.seq < $1.seq }
      guard marks.count == request.changes.count else {
        missing[index] = request.changes.first { journaled[$0.wordID] == nil }?.wordID
        continue
      }
      // A request's rows follow the user's rows before the batch and the user's earlier
      // requests in it.
      let previous = newest[request.userID] ?? 0
      outcomes.append(Outcome(marks: marks, previous: previous))
      newest[request.userID] = marks.map(\.seq).max() ?? previous
    }
    return (outcomes, missing)
  }

  /// The committer of a URL, not kept alive by the table of committers.
  private struct WeakCommitter: @unchecked Sendable {
    weak var committer: StudyMarkCommitter?
  }
}
