import Wordbook

// One function per method of the protocol, each a call of `script`.
extension ScriptedWordService {
  /// Forwards to ``base``: the feed is not scripted, so a test sees every change.
  public nonisolated func changes() -> AsyncStream<[WordChange]> {
    base.changes()
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func fetchBooks() async throws(WordServiceError) -> [WordBook] {
    try await script(.fetchBooks) { () async throws(WordServiceError) in
      try await base.fetchBooks()
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func fetchWords(in bookID: WordBook.ID) async throws(WordServiceError) -> [Word] {
    try await script(.fetchWords) { () async throws(WordServiceError) in
      try await base.fetchWords(in: bookID)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func fetchWords(in bookID: WordBook.ID, after word: Word.ID?, limit: Int)
    async throws(WordServiceError) -> [Word]
  {
    try await script(.fetchWordsPage) { () async throws(WordServiceError) in
      try await base.fetchWords(in: bookID, after: word, limit: limit)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func fetchTallies() async throws(WordServiceError) -> [WordBook.ID: StudyTally] {
    try await script(.fetchTallies) { () async throws(WordServiceError) in
      try await base.fetchTallies()
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func createBook(title: String) async throws(WordServiceError) -> WordBook {
    try await script(.createBook) { () async throws(WordServiceError) in
      try await base.createBook(title: title)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func saveWord(_ draft: WordDraft, to bookID: WordBook.ID) async throws(WordServiceError)
    -> Word
  {
    try await script(.saveWord) { () async throws(WordServiceError) in
      try await base.saveWord(draft, to: bookID)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func updateStudyStates(_ changes: [StudyStateChange]) async throws(WordServiceError) {
    try await script(.updateStudyStates) { () async throws(WordServiceError) in
      try await base.updateStudyStates(changes)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func deleteWord(_ wordID: Word.ID) async throws(WordServiceError) {
    try await script(.deleteWord) { () async throws(WordServiceError) in
      try await base.deleteWord(wordID)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func renameBook(_ bookID: WordBook.ID, to title: String) async throws(WordServiceError)
    -> WordBook
  {
    try await script(.renameBook) { () async throws(WordServiceError) in
      try await base.renameBook(bookID, to: title)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func deleteBook(_ bookID: WordBook.ID) async throws(WordServiceError) {
    try await script(.deleteBook) { () async throws(WordServiceError) in
      try await base.deleteBook(bookID)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func lastStudiedBook() async throws(WordServiceError) -> WordBook.ID? {
    try await script(.lastStudiedBook) { () async throws(WordServiceError) in
      try await base.lastStudiedBook()
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func setLastStudiedBook(_ bookID: WordBook.ID) async throws(WordServiceError) {
    try await script(.setLastStudiedBook) { () async throws(WordServiceError) in
      try await base.setLastStudiedBook(bookID)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func updateWord(_ wordID: Word.ID, term: String, meaning: String)
    async throws(WordServiceError) -> Word
  {
    try await script(.updateWord) { () async throws(WordServiceError) in
      try await base.updateWord(wordID, term: term, meaning: meaning)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func searchWords(
    matching query: String, in bookID: WordBook.ID?, after: WordSearchHit?, limit: Int
  ) async throws(WordServiceError) -> [WordSearchHit] {
    try await script(.searchWords) { () async throws(WordServiceError) in
      try await base.searchWords(matching: query, in: bookID, after: after, limit: limit)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func importWords(
    intoBookTitled title: String,
    onDuplicate policy: DuplicatePolicy,
    progress: @escaping @Sendable (Int) -> Void,
    rows: ImportRows
  ) async throws(WordServiceError) -> ImportSummary {
    try await script(.importWords) { () async throws(WordServiceError) in
      try await base.importWords(
        intoBookTitled: title, onDuplicate: policy, progress: progress, rows: rows)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func reviewSettings() async throws(WordServiceError) -> ReviewSettings {
    try await script(.reviewSettings) { () async throws(WordServiceError) in
      try await base.reviewSettings()
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func setReviewSettings(_ settings: ReviewSettings) async throws(WordServiceError) {
    try await script(.setReviewSettings) { () async throws(WordServiceError) in
      try await base.setReviewSettings(settings)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func recordReview(_ review: Review, of wordID: Word.ID) async throws(WordServiceError)
    -> MemoryState
  {
    try await script(.recordReview) { () async throws(WordServiceError) in
      try await base.recordReview(review, of: wordID)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func removeLastReview(of wordID: Word.ID, restoring state: StudyState)
    async throws(WordServiceError) -> MemoryState
  {
    try await script(.removeLastReview) { () async throws(WordServiceError) in
      try await base.removeLastReview(of: wordID, restoring: state)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func fetchDueTimes(in bookID: WordBook.ID) async throws(WordServiceError)
    -> BookDueTimes
  {
    try await script(.fetchDueTimes) { () async throws(WordServiceError) in
      try await base.fetchDueTimes(in: bookID)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func fetchRoundCounts(at time: Timestamp) async throws(WordServiceError)
    -> [WordBook.ID: RoundCounts]
  {
    try await script(.fetchRoundCounts) { () async throws(WordServiceError) in
      try await base.fetchRoundCounts(at: time)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func setStudyMode(_ mode: StudyMode, of bookID: WordBook.ID)
    async throws(WordServiceError)
  {
    try await script(.setStudyMode) { () async throws(WordServiceError) in
      try await base.setStudyMode(mode, of: bookID)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func fetchReviews(of wordID: Word.ID) async throws(WordServiceError) -> [Review] {
    try await script(.fetchReviews) { () async throws(WordServiceError) in
      try await base.fetchReviews(of: wordID)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func fetchReviewStatistics(of bookID: WordBook.ID, at time: Timestamp)
    async throws(WordServiceError) -> ReviewStatistics
  {
    try await script(.fetchReviewStatistics) { () async throws(WordServiceError) in
      try await base.fetchReviewStatistics(of: bookID, at: time)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func fetchReviewLogs(in bookID: WordBook.ID?, after word: Word.ID?, limit: Int)
    async throws(WordServiceError) -> [WordReviewLog]
  {
    try await script(.fetchReviewLogs) { () async throws(WordServiceError) in
      try await base.fetchReviewLogs(in: bookID, after: word, limit: limit)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func fetchSchedule(
    in bookID: WordBook.ID, dueBy time: Timestamp?, after last: ScheduledWord?, limit: Int
  ) async throws(WordServiceError) -> [ScheduledWord] {
    try await script(.fetchSchedule) { () async throws(WordServiceError) in
      try await base.fetchSchedule(in: bookID, dueBy: time, after: last, limit: limit)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func fetchDailyReviewCounts(
    in bookID: WordBook.ID, from start: Timestamp, to end: Timestamp
  ) async throws(WordServiceError) -> [DailyReviewCount] {
    try await script(.fetchDailyReviewCounts) { () async throws(WordServiceError) in
      try await base.fetchDailyReviewCounts(in: bookID, from: start, to: end)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func fetchNewWordCount(in bookID: WordBook.ID, since start: Timestamp)
    async throws(WordServiceError) -> Int
  {
    try await script(.fetchNewWordCount) { () async throws(WordServiceError) in
      try await base.fetchNewWordCount(in: bookID, since: start)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func importReviews(_ rows: ReviewImportRows) async throws(WordServiceError) -> Int {
    try await script(.importReviews) { () async throws(WordServiceError) in
      try await base.importReviews(rows)
    }
  }

  /// Counts the call and forwards it to ``base``, unless it is scripted to fail or be held.
  public func importReviews(into bookID: WordBook.ID, byTerm rows: TermReviewImportRows)
    async throws(WordServiceError) -> Int
  {
    try await script(.importReviewsByTerm) { () async throws(WordServiceError) in
      try await base.importReviews(into: bookID, byTerm: rows)
    }
  }
}
