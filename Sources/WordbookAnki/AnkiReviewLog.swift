import CSQLite
import StoreCore
import Wordbook

/// The answers of an Anki package's review log (its `revlog` table), read from the collection,
/// which stays unpacked and open until ``close()``.
///
/// Only real answers are read: a button of 1-4 (`ease`: again, hard, good, easy) pressed while
/// the card was learnt, reviewed, relearnt or studied in a filtered deck (`type` 0-3). A manual
/// reschedule (`ease` 0, `type` 4 or 5) is not a review and is left out. An answer's time is its
/// row's ID, milliseconds since 1970, cut to the second; its card (`cid`) names its note
/// (`cards.nid`), whose answers from all its cards go to the note's word, in time order.
///
/// The log is data from an untrusted source, so it is bounded: a log of more than 10,000,000
/// rows is refused when it is opened, before anything is written; reading takes no more SQLite
/// steps than the collection's size allows; answers are handed on in batches, so memory never
/// holds the log; and an answer dated before 2006 (before Anki) or more than a day after the
/// import is skipped and counted, as is one whose card or note was not imported.
///
/// ```swift
/// let log = try package.reviewLog()
/// defer { log.close() }
/// // Save plan.drafts through a WordService and find each note's word, then:
/// let count = try await service.importReviews { write throws(WordServiceError) in
///   try log.readReviews(of: words, now: now, into: write)
/// }
/// print(log.skipped)
/// ```
public final class AnkiReviewLog: Sendable {
  /// The most rows a package's review log may hold: ten years of 2,700 answers a day, far more
  /// than a learner's collection holds, far fewer than would keep an import busy for long.
  static let maximumAnswers = 10_000_000
  /// The earliest time an answer may have: 2006-01-01 00:00:00 UTC, before Anki's first release.
  static let earliestTime = Timestamp(secondsSince1970: 1_136_073_600)
  /// How far after the import an answer may be dated, in seconds: a day, for clocks set wrong.
  static let allowedFuture: Int64 = 86_400
  /// How many reviews one batch hands to the service.
  static let batchSize = 1024

  /// What the lock guards: the open collection, `nil` once closed, what reading skipped and
  /// why it could not read the log.
  ///
  /// Unchecked: the query's connection and the file are not thread-safe, and are reached only
  /// through `state`, with its lock held, so from one thread at a time.
  private struct State: @unchecked Sendable {
    var collection: (query: AnkiCollection.Query, file: CollectionFile)?
    var skipped = AnkiReviewSummary()
    var failure: AnkiPackageError?
  }

  private let state: Locked<State>
  /// The most rows the log may hold, and reading it may give.
  private let maximumAnswers: Int

  /// Opens an unpacked collection's review log and checks its size.
  init(
    file: CollectionFile, name: String, maximumAnswers: Int = maximumAnswers,
    stepBudget: Int? = nil
  ) throws(AnkiPackageError) {
    let query = try AnkiCollection.open(file, name: name, stepBudget: stepBudget)
    do throws(AnkiPackageError) {
      if try Self.hasTables(query) {
        let count = Int(try query.rows("SELECT count(*) FROM revlog").first ?? "0") ?? 0
        guard count <= maximumAnswers else {
          throw .tooManyReviews(name, limit: maximumAnswers)
        }
      }
    } catch {
      query.close()
      throw error
    }
    self.maximumAnswers = maximumAnswers
    state = Locked(State(collection: (query, file)))
  }

  deinit { close() }

  /// Whether the collection has both a `revlog` and a `cards` table: a collection without them
  /// has no review history.
  private static func hasTables(_ query: AnkiCollection.Query) throws(AnkiPackageError) -> Bool {
    try query.rows(
      "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND lower(name) IN ('revlog', 'cards')"
    ) == ["2"]
  }

  /// The answers the last ``readReviews(of:now:into:)`` skipped (a service that runs its rows
  /// again, as on a retry, counts them once); its `imported` count is 0, since the service
  /// counts the reviews it adds.
  public var skipped: AnkiReviewSummary { state.withLock { $0.skipped } }

  /// Why the last ``readReviews(of:now:into:)`` could not read the log, for a front end to
  /// word in its language (`AnkiPackageError.message(in:)`); `nil` when it could.
  public var failure: AnkiPackageError? { state.withLock { $0.failure } }

  /// Reads the answers of the notes in `words` and hands them to `write` as reviews of those
  /// words, in batches, in time order.
  ///
  /// - Parameters:
  ///   - words: The word each imported note became, by the note's Anki ID; the answers of
  ///     other notes are skipped and counted.
  ///   - now: The time of the import: an answer dated more than a day after it is skipped.
  ///   - write: Takes a batch of reviews, as a `ReviewImportRows` closure's `write` does.
  /// - Throws: What `write` throws; `WordServiceError.cancelled` when the calling task is
  ///   cancelled; `WordServiceError.Kind.invalidInput` with the reason
  ///   `WordServiceError.Reason.reviewHistoryUnreadable` when the log cannot be read (it takes
  ///   more SQLite steps than its size allows, or more than 10,000,000 answers come out;
  ///   ``failure`` holds the package's error, for a front end to word), or
  ///   `WordServiceError.Reason.reviewHistoryClosed` when the log was closed.
  public func readReviews(
    of words: [Int64: Word.ID], now: Timestamp,
    into write: (_ batch: [WordReview]) throws(WordServiceError) -> Void
  ) throws(WordServiceError) {
    let limit = maximumAnswers
    try state.withLock { state throws(WordServiceError) in
      guard let query = state.collection?.query else {
        throw WordServiceError(.invalidInput, reason: .reviewHistoryClosed)
      }
      state.failure = nil
      var reading = Reading(words: words, latest: now.advanced(by: Self.allowedFuture))
      defer { state.skipped = reading.skipped }
      do throws(AnkiPackageError) {
        guard try Self.hasTables(query) else { return }
        // In the log's ID order, which is time order: answers in the same second keep it.
        let sql = """
          SELECT r.id, r.ease, c.nid FROM revlog AS r LEFT JOIN cards AS c ON c.id = r.cid
          WHERE r.ease IN (1, 2, 3, 4) AND r.type IN (0, 1, 2, 3) ORDER BY r.id
          """
        try query.forEachRow(sql) { row throws(AnkiPackageError) in
          reading.rowCount += 1
          // Cards sharing an ID would repeat an answer once for each: bounded as the rows are.
          guard reading.rowCount <= limit else { throw .tooManyReviews(query.name, limit: limit) }
          // A log whose answers are all skipped writes no batch, whose write would see it.
          if reading.rowCount % Self.batchSize == 0 && Task.isCancelled {
            reading.failure = .cancelled
            return false
          }
          reading.add(row)
          guard reading.batch.count == Self.batchSize else { return true }
          do throws(WordServiceError) {
            try write(reading.batch)
          } catch {
            // A failed or cancelled import stops reading.
            reading.failure = error
            return false
          }
          reading.batch.removeAll(keepingCapacity: true)
          return true
        }
      } catch {
        state.failure = error
        throw WordServiceError(.invalidInput, reason: .reviewHistoryUnreadable)
      }
      if let failure = reading.failure { throw failure }
      if !reading.batch.isEmpty { try write(reading.batch) }
    }
  }

  /// One reading of the log: the batch being filled and what was skipped.
  private struct Reading {
    let words: [Int64: Word.ID]
    /// The latest time an answer may have.
    let latest: Timestamp
    var batch: [WordReview] = []
    var rowCount = 0
    var skipped = AnkiReviewSummary()
    /// Why `write` stopped the reading.
    var failure: WordServiceError?

    /// Adds the answer of a row (`id`, `ease`, the card's `nid`) to the batch, or counts why
    /// it is skipped.
    mutating func add(_ row: OpaquePointer) {
      let time = Timestamp(secondsSince1970: sqlite3_column_int64(row, 0) / 1000)
      guard time >= AnkiReviewLog.earliestTime, time <= latest else {
        skipped.withImpossibleTimes += 1
        return
      }
      guard sqlite3_column_type(row, 2) == SQLITE_INTEGER,
        let word = words[sqlite3_column_int64(row, 2)]
      else {
        skipped.ofNotesNotImported += 1
        return
      }
      // The query keeps eases 1-4 only, which are the ratings' values.
      let rating = Rating(rawValue: Int(sqlite3_column_int64(row, 1))) ?? .good
      batch.append(WordReview(wordID: word, review: Review(rating: rating, time: time)))
    }
  }

  /// Closes the collection and removes its unpacked file; calling it again does nothing.
  public func close() {
    state.withLock { state in
      guard let collection = state.collection else { return }
      collection.query.close()
      collection.file.remove()
      state.collection = nil
    }
  }
}
