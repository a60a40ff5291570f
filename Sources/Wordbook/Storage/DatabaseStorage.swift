/// The storage of a ``DatabaseWordService``: beyond the queries of the rules every service
/// shares (``WordStorage``), the review pages and counts it answers with queries of its own.
///
/// The SQLite service's `Connection` and the PostgreSQL service's `UserLibrary` conform; the
/// in-memory service computes the same answers from its dictionaries instead.
package protocol DatabaseStorage: WordStorage {
  /// The logs of the first `limit` reviewed words after `word` in ID order, of one book or of
  /// all, as ``WordService/fetchReviewLogs(in:after:limit:)`` answers; each log in time order.
  func reviewLogs(in bookID: WordBook.ID?, after word: Word.ID?, limit: Int)
    throws(WordServiceError) -> [WordReviewLog]

  /// A page of a book's words with their memory states, as
  /// ``WordService/fetchSchedule(in:dueBy:after:limit:)`` answers: with `time`, those due by
  /// then, most overdue first; otherwise every word in the order added; each time the `limit`
  /// lines after `last`.
  func schedule(
    in bookID: WordBook.ID, dueBy time: Timestamp?, after last: ScheduledWord?, limit: Int
  ) throws(WordServiceError) -> [ScheduledWord]

  /// What a Due round of each book would hold at `time`: the review words due by then, the
  /// learning words due by `learnAhead`, and as many words never reviewed as
  /// `newWordsPerDay` leaves room for after the new words begun since the start of the day.
  func roundCounts(at time: Timestamp, learnAhead: Timestamp, newWordsPerDay: Int)
    throws(WordServiceError) -> [WordBook.ID: RoundCounts]

  /// How many of a book's words have reviews at or after `start` and none before.
  func newWordCount(in bookID: WordBook.ID, since start: Timestamp) throws(WordServiceError)
    -> Int

  /// The reviews of a book's words from `start` up to `end`, counted by UTC day.
  func dailyReviewCounts(in bookID: WordBook.ID, from start: Timestamp, to end: Timestamp)
    throws(WordServiceError) -> [DailyReviewCount]
}
