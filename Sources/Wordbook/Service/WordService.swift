/// Where wordbooks and words are kept: a database, a server, or memory.
///
/// The store's effects call a word service; reducers never do. Every requirement is
/// `async` and throws only ``WordServiceError``, so a failure always reaches the store as a value.
/// Implementations must be safe to call from many tasks at once.
public protocol WordService: Sendable {
  /// Returns every wordbook, in the order they were created.
  func fetchBooks() async throws(WordServiceError) -> [WordBook]

  /// Returns the words of a book, in the order they were added.
  ///
  /// - Throws: ``WordServiceError/Kind/notFound`` when the book does not exist.
  func fetchWords(in bookID: WordBook.ID) async throws(WordServiceError) -> [Word]

  /// Returns one page of a book's words, in the order they were added: the first `limit`
  /// words added after `word`, or from the start when `word` is `nil`.
  ///
  /// Reading a large book page by page keeps memory flat and shows the first words at once:
  /// pass the last ID of each page to get the next; an empty or short page is the end.
  ///
  /// - Parameters:
  ///   - bookID: The book.
  ///   - word: The last word of the previous page, or `nil` for the first page.
  ///   - limit: The most words to return.
  /// - Throws: ``WordServiceError/Kind/notFound`` when the book does not exist.
  func fetchWords(in bookID: WordBook.ID, after word: Word.ID?, limit: Int)
    async throws(WordServiceError) -> [Word]

  /// Counts the words of every book in each study state.
  ///
  /// - Returns: Each book's tally; a book without words has none.
  func fetchTallies() async throws(WordServiceError) -> [WordBook.ID: StudyTally]

  /// Creates an empty wordbook.
  ///
  /// - Throws: ``WordServiceError/Kind/invalidInput`` when the title is blank;
  ///   ``WordServiceError/Kind/titleTaken`` when another book has the same title (compared
  ///   trimmed, case-insensitively and Unicode-normalized), with that book in
  ///   ``WordServiceError/existingBook``.
  func createBook(title: String) async throws(WordServiceError) -> WordBook

  /// Renames a wordbook.
  ///
  /// - Parameters:
  ///   - bookID: The book.
  ///   - title: The new title; it is stored trimmed.
  /// - Returns: The book with its new title.
  /// - Throws: ``WordServiceError/Kind/invalidInput`` when the title is blank;
  ///   ``WordServiceError/Kind/titleTaken`` when another book has the same title (compared
  ///   trimmed, case-insensitively and Unicode-normalized), with that book in
  ///   ``WordServiceError/existingBook``; ``WordServiceError/Kind/notFound`` when the book does
  ///   not exist.
  func renameBook(_ bookID: WordBook.ID, to title: String) async throws(WordServiceError)
    -> WordBook

  /// Deletes a wordbook and all its words.
  ///
  /// - Throws: ``WordServiceError/Kind/notFound`` when the book does not exist.
  func deleteBook(_ bookID: WordBook.ID) async throws(WordServiceError)

  /// Returns the wordbook the learner studied last, kept by ``setLastStudiedBook(_:)``.
  ///
  /// - Returns: The book's ID, or `nil` when none was set or that book was deleted.
  func lastStudiedBook() async throws(WordServiceError) -> WordBook.ID?

  /// Remembers the wordbook the learner is studying, so the next session can reopen it.
  ///
  /// - Throws: ``WordServiceError/Kind/notFound`` when the book does not exist.
  func setLastStudiedBook(_ bookID: WordBook.ID) async throws(WordServiceError)

  /// Saves a new word at the end of a book and returns it with its new ID.
  ///
  /// - Throws: ``WordServiceError/Kind/notFound`` when the book does not exist;
  ///   ``WordServiceError/Kind/invalidInput`` when the term is blank.
  func saveWord(_ draft: WordDraft, to bookID: WordBook.ID) async throws(WordServiceError) -> Word

  /// Sets the study state of several words, all or none.
  ///
  /// - Throws: ``WordServiceError/Kind/notFound`` when a word does not exist; then no word
  ///   changes.
  func updateStudyStates(_ changes: [StudyStateChange]) async throws(WordServiceError)

  /// Changes a word's term and meaning; its study state and image stay.
  ///
  /// - Parameters:
  ///   - wordID: The word.
  ///   - term: The new term.
  ///   - meaning: The new meaning.
  /// - Returns: The word as stored now.
  /// - Throws: ``WordServiceError/Kind/notFound`` when the word does not exist;
  ///   ``WordServiceError/Kind/invalidInput`` when the term is blank.
  func updateWord(_ wordID: Word.ID, term: String, meaning: String)
    async throws(WordServiceError) -> Word

  /// Deletes a word.
  ///
  /// - Throws: ``WordServiceError/Kind/notFound`` when the word does not exist.
  func deleteWord(_ wordID: Word.ID) async throws(WordServiceError)

  /// Returns the words whose term or meaning contains `query`, ignoring case.
  ///
  /// Hits are ordered by book ID, then word ID. Pass the last hit of a page as `after` to get
  /// the next; an empty or short page is the end. An empty query matches every word.
  ///
  /// ```swift
  /// let firstPage = try await service.searchWords(matching: "사과", in: nil, after: nil, limit: 50)
  /// ```
  ///
  /// - Parameters:
  ///   - query: The text to find.
  ///   - bookID: The book to search, or `nil` for every book.
  ///   - after: The last hit of the previous page, or `nil` for the first page.
  ///   - limit: The most hits to return.
  /// - Throws: ``WordServiceError/Kind/notFound`` when `bookID` names no book.
  func searchWords(
    matching query: String, in bookID: WordBook.ID?, after: WordSearchHit?, limit: Int
  ) async throws(WordServiceError) -> [WordSearchHit]

  /// Returns the settings reviews are scheduled with in this store: ``ReviewSettings/standard``
  /// until ``setReviewSettings(_:)`` is called.
  func reviewSettings() async throws(WordServiceError) -> ReviewSettings

  /// Keeps the settings reviews are scheduled with. When the scheduler's settings change,
  /// every word's memory state is replayed from its log with the new ones, in the same
  /// transaction, so a state is always what its log gives.
  ///
  /// - Complexity: O(*r*) for *r* reviews in the store when the scheduler's settings change.
  func setReviewSettings(_ settings: ReviewSettings) async throws(WordServiceError)

  /// Records a rating: appends the review to the word's log, schedules the word's next review,
  /// and sets the word's study state to what the rating says (``Review/studyState``), in one
  /// transaction: both are stored, or neither.
  ///
  /// The review is scheduled with ``reviewSettings()``, and a word's memory is its log replayed
  /// in time order: a review earlier than the word's last one (made offline, or on another
  /// device, and sent late) takes its place by time, the log is replayed, and the word keeps the
  /// study state of its latest review. The log outlives edits of the word's text and goes with
  /// the word. A review whose
  /// ``Review/id`` the service already holds for this word, with the same rating and time, is a
  /// rating sent again: nothing is stored, and the word's state is returned as it is.
  ///
  /// ```swift
  /// let state = try await service.recordReview(
  ///   Review(rating: .good, time: now, id: .random()), of: word.id)
  /// ```
  ///
  /// - Parameters:
  ///   - review: The rating, when it was given, and its identity.
  ///   - wordID: The word.
  /// - Returns: The word's memory state after the review.
  /// - Throws: ``WordServiceError/Kind/notFound`` when the word does not exist;
  ///   ``WordServiceError/Kind/invalidInput`` with the reason
  ///   ``WordServiceError/Reason/reviewIDTaken(_:)`` when the ID is held by another word's
  ///   review, or by one with another rating or time, or
  ///   ``WordServiceError/Reason/reviewTimeOutOfBounds(_:)`` when the review's time lies outside
  ///   ``Review/timeBounds``. Then nothing changes.
  func recordReview(_ review: Review, of wordID: Word.ID) async throws(WordServiceError)
    -> MemoryState

  /// Undoes a rating: removes the last review of a word's log and sets the word's study state to
  /// `state`, the one it had before the rating, in one transaction; the word's memory state is
  /// the rest of the log replayed.
  ///
  /// - Parameters:
  ///   - wordID: The word.
  ///   - state: The study state the word had before the rating undone.
  /// - Returns: The word's memory state now; ``MemoryState/new`` when no review is left, or
  ///   when the word had none (then only its study state changes).
  /// - Throws: ``WordServiceError/Kind/notFound`` when the word does not exist.
  func removeLastReview(of wordID: Word.ID, restoring state: StudyState)
    async throws(WordServiceError) -> MemoryState

  /// Returns a word's review log in time order, reviews of the same time in the order they
  /// were recorded.
  ///
  /// - Throws: ``WordServiceError/Kind/notFound`` when the word does not exist.
  func fetchReviews(of wordID: Word.ID) async throws(WordServiceError) -> [Review]

  /// Returns one page of review logs: those of the first `limit` reviewed words after `word`
  /// in the order of their IDs, of one book or of every book, each log in time order.
  ///
  /// Pass the last log's word to get the next page; an empty or short page is the end. What a
  /// parameter fit reads (``fetchReviewHistory(in:at:ignoringLaterReviews:)``), with memory
  /// holding a page, never every log. The extension's implementation reads
  /// ``fetchSchedule(in:dueBy:after:limit:)`` and ``fetchReviews(of:)`` word by word; a service
  /// can read a page in one query, as `SQLiteWordService` and `PostgresWordService` do.
  ///
  /// ```swift
  /// let page = try await service.fetchReviewLogs(in: book.id, after: nil, limit: 4096)
  /// ```
  ///
  /// - Parameters:
  ///   - bookID: The book, or `nil` for every book.
  ///   - word: The last word of the previous page, or `nil` for the first page.
  ///   - limit: The most logs to return.
  /// - Returns: The logs, each with at least one review, in the order of their words' IDs.
  /// - Throws: ``WordServiceError/Kind/notFound`` when `bookID` names no book.
  func fetchReviewLogs(in bookID: WordBook.ID?, after word: Word.ID?, limit: Int)
    async throws(WordServiceError) -> [WordReviewLog]

  /// Returns one page of a book's words with their memory states: the first `limit` lines
  /// after `last`, or from the start when `last` is `nil`.
  ///
  /// Pass the last line of each page to get the next; an empty or short page is the end.
  ///
  /// - Parameters:
  ///   - bookID: The book.
  ///   - time: With a time, only the words reviewed before that fall due at or before it, most
  ///     overdue first (then by ID); with `nil`, every word, in the order they were added.
  ///   - last: The last line of the previous page, or `nil` for the first page.
  ///   - limit: The most lines to return.
  /// - Throws: ``WordServiceError/Kind/notFound`` when the book does not exist.
  func fetchSchedule(
    in bookID: WordBook.ID, dueBy time: Timestamp?, after last: ScheduledWord?, limit: Int
  ) async throws(WordServiceError) -> [ScheduledWord]

  /// Returns when each of a book's reviewed words falls due, and which of them are learning or
  /// relearning, without the words' text: what a Due round needs of the whole book's schedule.
  ///
  /// A word never reviewed has no due time and is left out. The extension's implementation
  /// reads ``fetchSchedule(in:dueBy:after:limit:)`` page by page; a service can read the due
  /// times alone, as `SQLiteWordService` does in one query.
  ///
  /// - Parameter bookID: The book.
  /// - Returns: The due time of every word of the book that has one, and the learning ones.
  /// - Throws: ``WordServiceError/Kind/notFound`` when the book does not exist.
  func fetchDueTimes(in bookID: WordBook.ID) async throws(WordServiceError) -> BookDueTimes

  /// Counts what a Due round of each book would hold at `time`: its new words (those never
  /// reviewed, up to what is left of the day's allowance in that book), its learning and
  /// relearning words due within the learn-ahead limit, and its review words due.
  ///
  /// - Parameter time: The time the round would start.
  /// - Returns: Each book's counts; a book with nothing to study has none.
  /// - Complexity: O(*k*) for the *k* words due or reviewed today, in a service that indexes
  ///   due and last review times, as SQLite and PostgreSQL do.
  func fetchRoundCounts(at time: Timestamp) async throws(WordServiceError)
    -> [WordBook.ID: RoundCounts]

  /// Remembers the study mode a book was left in, which ``fetchBooks()`` gives back in
  /// ``WordBook/studyMode`` so that a front end reopens the book in it.
  ///
  /// - Throws: ``WordServiceError/Kind/notFound`` when the book does not exist.
  func setStudyMode(_ mode: StudyMode, of bookID: WordBook.ID) async throws(WordServiceError)

  /// Counts a book's words whose first review came at or after `start`: the new words a
  /// learner began since then, which Due mode takes from the day's allowance
  /// (``ReviewSettings/newWordsPerDay``) whichever session or front end reviewed them.
  ///
  /// ```swift
  /// let begunToday = try await service.fetchNewWordCount(in: book.id, since: now.startOfDay)
  /// ```
  ///
  /// - Parameters:
  ///   - bookID: The book.
  ///   - start: The earliest first review counted.
  /// - Returns: How many of the book's words had no review before `start` and have one since.
  /// - Throws: ``WordServiceError/Kind/notFound`` when the book does not exist.
  /// - Complexity: O(*k*) for the *k* words reviewed since `start` in a service that indexes
  ///   the last review time, as SQLite and PostgreSQL do.
  func fetchNewWordCount(in bookID: WordBook.ID, since start: Timestamp)
    async throws(WordServiceError) -> Int

  /// Gathers a book's ``ReviewStatistics`` at `time`: the words due soon, the average
  /// retrievability of the words reviewed, and a year of reviews day by day.
  ///
  /// The extension's implementation reads the schedule page by page; a service that can read
  /// its reviewed words alone reads those, as `SQLiteWordService` does.
  ///
  /// - Parameters:
  ///   - bookID: The book.
  ///   - time: The moment to describe; reviews after it are not counted.
  /// - Throws: ``WordServiceError/Kind/notFound`` when the book does not exist.
  func fetchReviewStatistics(of bookID: WordBook.ID, at time: Timestamp)
    async throws(WordServiceError) -> ReviewStatistics

  /// Counts a book's reviews day by day (UTC) from `start` up to `end`, for a review heatmap.
  ///
  /// ```swift
  /// let year = try await service.fetchDailyReviewCounts(
  ///   in: book.id, from: now.advanced(by: -365 * 86_400), to: now)
  /// ```
  ///
  /// - Parameters:
  ///   - bookID: The book.
  ///   - start: The earliest review time counted.
  ///   - end: The first review time no longer counted.
  /// - Returns: One count for each day with at least one review in the range, in day order.
  /// - Throws: ``WordServiceError/Kind/notFound`` when the book does not exist.
  /// - Complexity: O(*r*) for the *r* reviews of the book's words.
  func fetchDailyReviewCounts(in bookID: WordBook.ID, from start: Timestamp, to end: Timestamp)
    async throws(WordServiceError) -> [DailyReviewCount]

  /// Adds a review history to the logs in one transaction, all of it or none, reading it batch
  /// by batch so that memory holds one batch and never the whole history.
  ///
  /// The reviews may come in any order: each word's join its log, which is replayed in time
  /// order (reviews at the same second in the order given, after those it already has), and
  /// its study state is what its latest review says (``Review/studyState``).
  ///
  /// ```swift
  /// let count = try await service.importReviews { write throws(WordServiceError) in
  ///   try write([WordReview(wordID: word.id, review: Review(rating: .good, time: then))])
  /// }
  /// ```
  ///
  /// - Parameter rows: Supplies the reviews; an error it throws rolls the import back and is
  ///   rethrown.
  /// - Returns: How many reviews were added.
  /// - Throws: ``WordServiceError/Kind/notFound`` when a word does not exist;
  ///   ``WordServiceError/Reason/reviewTimeOutOfBounds(_:)`` for a review outside
  ///   ``Review/timeBounds``; when the calling task is cancelled, the import is rolled back and
  ///   the error is ``WordServiceError/cancelled``.
  func importReviews(_ rows: ReviewImportRows) async throws(WordServiceError) -> Int

  /// Adds a review history that names its words by term to the logs of a book's words, in one
  /// transaction, all of it or none, batch by batch, as ``importReviews(_:)`` does.
  ///
  /// Each review names the book's word with its term, or with its term and meaning where words
  /// share the term (see ``TermReview``). The service looks the terms up as the batches come,
  /// so memory holds a batch and a bounded number of terms' words, never the book.
  ///
  /// ```swift
  /// let count = try await service.importReviews(into: book.id) { write throws(WordServiceError) in
  ///   try write([TermReview(line: 2, term: "사랑", review: Review(rating: .good, time: then))])
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - bookID: The book whose words the reviews name.
  ///   - rows: Supplies the reviews; an error it throws rolls the import back and is rethrown.
  /// - Returns: How many reviews were added.
  /// - Throws: ``WordServiceError/Kind/notFound`` when the book does not exist;
  ///   ``WordServiceError/Kind/invalidInput`` with the reason
  ///   ``WordServiceError/Reason/reviewedTermNotMatched(line:_:)`` for the first review, in the
  ///   order written, that names no word; ``WordServiceError/Reason/reviewTimeOutOfBounds(_:)``
  ///   for a review outside ``Review/timeBounds``; ``WordServiceError/cancelled`` when the
  ///   calling task is cancelled. Each rolls the import back.
  func importReviews(into bookID: WordBook.ID, byTerm rows: TermReviewImportRows)
    async throws(WordServiceError) -> Int

  /// The changes made to what the service stores from now on, through this service or, where
  /// the storage can tell, by another process: each element lists the changes found since the
  /// previous one, in the order they were made.
  ///
  /// Every call returns a new stream for one subscriber; it ends when the subscriber stops
  /// iterating. A session sends ``StudySessionFeature/Action/View/subscribeToChanges`` to apply
  /// them to its state.
  ///
  /// ```swift
  /// for await changes in service.changes() {
  ///   print(changes)  // [.wordUpdated(word, book: bookID)]
  /// }
  /// ```
  func changes() -> AsyncStream<[WordChange]>

  /// Adds many words to a book in one transaction, all of them or none, reading them batch by
  /// batch so that memory holds one batch and never the whole import.
  ///
  /// The book is created when no book has that title. Inside the transaction the service calls
  /// `rows` once; `rows` hands each batch of drafts to `write` and returns at the end of the
  /// rows. A row is matched against the book's cards and the rows written before it: the same
  /// term and meaning (compared as Swift strings) make it a duplicate, the same term alone a
  /// homonym; see ``DuplicatePolicy``.
  ///
  /// ```swift
  /// let summary = try await service.importWords(
  ///   intoBookTitled: "Korean", onDuplicate: .skip, progress: { _ in },
  ///   rows: { write throws(WordServiceError) in
  ///     try write([WordDraft(term: "만", meaning: "ten thousand")])
  ///     try write([WordDraft(term: "만", meaning: "only")])  // a homonym: added
  ///   })
  /// ```
  ///
  /// - Parameters:
  ///   - title: The title of the book to import into.
  ///   - policy: What to do with a row equal to a card of the book.
  ///   - progress: Called now and then with the number of rows processed so far. It runs while
  ///     the service is busy with the import, so it must not call the service.
  ///   - rows: Supplies the rows; an error it throws rolls the import back and is rethrown.
  /// - Returns: The counts of each kind of row.
  /// - Throws: ``WordServiceError``; when the calling task is cancelled, the import is rolled
  ///   back and the error's kind is ``WordServiceError/Kind/other``.
  func importWords(
    intoBookTitled title: String,
    onDuplicate policy: DuplicatePolicy,
    progress: @escaping @Sendable (Int) -> Void,
    rows: ImportRows
  ) async throws(WordServiceError) -> ImportSummary
}

/// The rows of an import: given a `write` function, hands it the drafts batch by batch.
public typealias ImportRows =
  @Sendable (_ write: (_ batch: [WordDraft]) throws(WordServiceError) -> Void)
  throws(WordServiceError) -> Void
