/// The review logs of an ``InMemoryWordService``: ratings, their undoing, the settings, the
/// schedule and the counts read from the library's logs, and review imports.
extension InMemoryWordService {
  /// Returns the settings reviews are scheduled with.
  public func reviewSettings() async throws(WordServiceError) -> ReviewSettings {
    try await simulateNetwork(.readSettings)
    return library.reviewSettings
  }

  /// Keeps the settings, replaying every log when the scheduler's settings change.
  public func setReviewSettings(_ settings: ReviewSettings) async throws(WordServiceError) {
    try await simulateNetwork(.saveSettings)
    try withStorage { storage throws(WordServiceError) in try storage.saveReviewSettings(settings) }
  }

  /// Records a rating: appends the review to the word's log, schedules the word and sets its
  /// study state, all at once; a rating sent again is stored once.
  public func recordReview(_ review: Review, of wordID: Word.ID) async throws(WordServiceError)
    -> MemoryState
  {
    try await simulateNetwork(.saveReview)
    let before = library.words[wordID]?.studyState
    let memory = try withStorage { storage throws(WordServiceError) in
      try storage.recordReview(review, of: wordID)
    }
    broadcastStudyState(of: wordID, before: before)
    return memory
  }

  /// Undoes a rating: removes the last review of a word, replays the rest of its log and gives
  /// the word back its study state.
  public func removeLastReview(of wordID: Word.ID, restoring state: StudyState)
    async throws(WordServiceError) -> MemoryState
  {
    try await simulateNetwork(.saveReview)
    let before = library.words[wordID]?.studyState
    let memory = try withStorage { storage throws(WordServiceError) in
      try storage.removeLastReview(of: wordID, restoring: state)
    }
    broadcastStudyState(of: wordID, before: before)
    return memory
  }

  /// Tells the change feeds of a word whose study state changed.
  private func broadcastStudyState(of wordID: Word.ID, before: StudyState?) {
    guard let word = library.words[wordID], word.studyState != before,
      let book = library.bookOfWord[wordID]
    else { return }
    broadcast.send([.wordUpdated(word, book: book)])
  }

  /// Returns when each of a book's reviewed words falls due, and which are learning.
  public func fetchDueTimes(in bookID: WordBook.ID) async throws(WordServiceError)
    -> BookDueTimes
  {
    try await simulateNetwork(.loadReviews)
    return library.dueTimes(ofBookAt: try library.bookIndex(bookID))
  }

  /// Counts what a Due round of each book would hold at `time`.
  public func fetchRoundCounts(at time: Timestamp) async throws(WordServiceError)
    -> [WordBook.ID: RoundCounts]
  {
    try await simulateNetwork(.loadReviews)
    return library.roundCounts(at: time)
  }

  /// Returns a word's review log, in time order.
  public func fetchReviews(of wordID: Word.ID) async throws(WordServiceError) -> [Review] {
    try await simulateNetwork(.loadReviews)
    return try withStorage { storage throws(WordServiceError) in
      try storage.fetchReviews(of: wordID)
    }
  }

  /// Returns one page of review logs, from the logs kept by word.
  public func fetchReviewLogs(in bookID: WordBook.ID?, after word: Word.ID?, limit: Int)
    async throws(WordServiceError) -> [WordReviewLog]
  {
    try await simulateNetwork(.loadReviews)
    var wordIDs = Array(library.reviews.keys)
    if let bookID { wordIDs = library.books[try library.bookIndex(bookID)].wordIDs }
    let reviewed = wordIDs.filter { id in
      word.map { id > $0 } ?? true && library.reviews[id]?.isEmpty == false
    }
    return reviewed.sorted().prefix(limit).map { id in
      WordReviewLog(wordID: id, reviews: (library.reviews[id] ?? []).inTimeOrder())
    }
  }

  /// Returns one page of a book's words with their memory states.
  public func fetchSchedule(
    in bookID: WordBook.ID, dueBy time: Timestamp?, after last: ScheduledWord?, limit: Int
  ) async throws(WordServiceError) -> [ScheduledWord] {
    try await simulateNetwork(.loadReviews)
    let schedule = library.schedule(ofBookAt: try library.bookIndex(bookID), dueBy: time)
    guard let last else { return Array(schedule.prefix(limit)) }
    return Array(
      schedule.lazy.filter { $0.comes(after: last, amongDue: time != nil) }.prefix(limit))
  }

  /// Counts a book's reviews day by day from its words' logs.
  public func fetchDailyReviewCounts(
    in bookID: WordBook.ID, from start: Timestamp, to end: Timestamp
  ) async throws(WordServiceError) -> [DailyReviewCount] {
    try await simulateNetwork(.loadReviews)
    return library.dailyReviewCounts(ofBookAt: try library.bookIndex(bookID), from: start, to: end)
  }

  /// Counts a book's words whose whole log lies at or after `start`.
  public func fetchNewWordCount(in bookID: WordBook.ID, since start: Timestamp)
    async throws(WordServiceError) -> Int
  {
    try await simulateNetwork(.loadReviews)
    return library.newWordCount(ofBookAt: try library.bookIndex(bookID), since: start)
  }

  /// Adds a review history to the logs, all or none, batch by batch.
  public func importReviews(_ rows: ReviewImportRows) async throws(WordServiceError) -> Int {
    try await simulateNetwork(.saveReview)
    if Task.isCancelled { throw .cancelled }
    let staged = InMemoryStorage(library)
    let count = try staged.importReviews(staging: rows, isCancelled: { Task.isCancelled })
    commitImportedReviews(staged.library)
    return count
  }

  /// Adds a review history that names its words by term to a book's logs, all or none, batch
  /// by batch.
  public func importReviews(into bookID: WordBook.ID, byTerm rows: TermReviewImportRows)
    async throws(WordServiceError) -> Int
  {
    try await simulateNetwork(.saveReview)
    if Task.isCancelled { throw .cancelled }
    let staged = InMemoryStorage(library)
    var wordsByTerm: [String: [Word]] = [:]
    for id in library.books[try library.bookIndex(bookID)].wordIDs {
      if let word = library.words[id] {
        wordsByTerm[word.term.canonicalTerm, default: []].append(word)
      }
    }
    var matcher = ReviewedTermMatcher()
    let count = try staged.importReviews(
      staging: { write throws(WordServiceError) in
        try matcher.match(rows, into: write) { $0.flatMap { wordsByTerm[$0] ?? [] } }
      }, isCancelled: { Task.isCancelled })
    commitImportedReviews(staged.library)
    return count
  }

  /// Keeps a library with imported reviews, telling the change feeds of each book whose words'
  /// study states the reviews changed.
  private func commitImportedReviews(_ staged: InMemoryLibrary) {
    var changedBooks: Set<WordBook.ID> = []
    for (id, word) in staged.words where library.words[id]?.studyState != word.studyState {
      if let book = staged.bookOfWord[id] { changedBooks.insert(book) }
    }
    library = staged
    broadcast.send(changedBooks.sorted().map { .bookReloaded($0) })
  }
}
