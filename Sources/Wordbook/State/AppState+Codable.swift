extension AppState {
  /// The keys of a state's JSON: every stored property but the record of changed parts and
  /// the failed marks, as since the first logs.
  ///
  /// The parts of the session's `serviceSync` keep the flat keys they had before one value held them, so
  /// a state encoded then still decodes.
  enum CodingKeys: String, CodingKey {
    case books, booksStatus, isReopeningLastBook, selectedBookID, words, wordsStatus, studyMode,
      searchQuery
    case isReversed, backFaces, isSavingWord, wordDraft, lastError, generator
    case pendingWrites, history, changesDuringLoad, deletedWordIDs, deletedBookIDs
    case schedule, pendingReviews, round
    case isLoadingRestOfBook, shufflesOnceLoaded
  }

  /// Decodes a state from the JSON ``encode(to:)`` writes.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` when a field is missing or malformed.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    self.init(seed: 0)
    session.generator = try c.decode(SplitMix64.self, forKey: .generator)
    list.books = try c.decode([WordBook].self, forKey: .books)
    list.booksStatus = try c.decode(LoadStatus.self, forKey: .booksStatus)
    list.isReopeningLastBook = try c.decode(Bool.self, forKey: .isReopeningLastBook)
    session.bookID = try c.decodeIfPresent(WordBook.ID.self, forKey: .selectedBookID)
    session.words = try c.decode(WordList.self, forKey: .words)
    session.words.restoreFilter(
      mode: try c.decode(StudyMode.self, forKey: .studyMode),
      searchQuery: try c.decodeIfPresent(String.self, forKey: .searchQuery))
    session.wordsStatus = try c.decode(LoadStatus.self, forKey: .wordsStatus)
    session.isReversed = try c.decode(Bool.self, forKey: .isReversed)
    session.backFaces = try c.decode(Set<Word.ID>.self, forKey: .backFaces)
    session.isSavingWord = try c.decode(Bool.self, forKey: .isSavingWord)
    session.wordDraft = try c.decodeIfPresent(WordDraft.self, forKey: .wordDraft)
    lastError = try c.decodeIfPresent(AppError.self, forKey: .lastError)
    session.schedule =
      try c.decodeIfPresent(ReviewSchedule.self, forKey: .schedule) ?? ReviewSchedule()
    // A state written before rounds had its words' round start as they were.
    if let round = try c.decodeIfPresent(StudyRound.self, forKey: .round) {
      session.round = round
    } else if session.wordsStatus == .loaded {
      startRound()
    }
    session.serviceSync = try ServiceSync(from: c)
    list.deletedBookIDs = try c.decode(Set<WordBook.ID>.self, forKey: .deletedBookIDs)
  }

  /// Encodes the state as one JSON object with a field per stored property.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(list.books, forKey: .books)
    try c.encode(list.booksStatus, forKey: .booksStatus)
    try c.encode(list.isReopeningLastBook, forKey: .isReopeningLastBook)
    try c.encodeIfPresent(session.bookID, forKey: .selectedBookID)
    try c.encode(session.words, forKey: .words)
    try c.encode(session.wordsStatus, forKey: .wordsStatus)
    try c.encode(session.words.mode, forKey: .studyMode)
    try c.encodeIfPresent(session.words.searchQuery, forKey: .searchQuery)
    try c.encode(session.isReversed, forKey: .isReversed)
    try c.encode(session.backFaces, forKey: .backFaces)
    try c.encode(session.isSavingWord, forKey: .isSavingWord)
    try c.encodeIfPresent(session.wordDraft, forKey: .wordDraft)
    try c.encodeIfPresent(lastError, forKey: .lastError)
    try c.encode(session.generator, forKey: .generator)
    try c.encode(session.schedule, forKey: .schedule)
    if session.round != StudyRound() || session.round.queue.answers.count > 0 {
      try c.encode(session.round, forKey: .round)
    }
    try session.serviceSync.encode(to: &c)
    try c.encode(list.deletedBookIDs, forKey: .deletedBookIDs)
  }
}
