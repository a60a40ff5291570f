extension AppState {
  /// The keys of a state's JSON: every stored property but the record of changed parts and
  /// the failed marks, as since the first logs.
  ///
  /// The parts of ``serviceSync`` keep the flat keys they had before one value held them, so
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
    generator = try c.decode(SplitMix64.self, forKey: .generator)
    books = try c.decode([WordBook].self, forKey: .books)
    booksStatus = try c.decode(LoadStatus.self, forKey: .booksStatus)
    isReopeningLastBook = try c.decode(Bool.self, forKey: .isReopeningLastBook)
    selectedBookID = try c.decodeIfPresent(WordBook.ID.self, forKey: .selectedBookID)
    words = try c.decode(WordList.self, forKey: .words)
    words.restoreFilter(
      mode: try c.decode(StudyMode.self, forKey: .studyMode),
      searchQuery: try c.decodeIfPresent(String.self, forKey: .searchQuery))
    wordsStatus = try c.decode(LoadStatus.self, forKey: .wordsStatus)
    isReversed = try c.decode(Bool.self, forKey: .isReversed)
    backFaces = try c.decode(Set<Word.ID>.self, forKey: .backFaces)
    isSavingWord = try c.decode(Bool.self, forKey: .isSavingWord)
    wordDraft = try c.decodeIfPresent(WordDraft.self, forKey: .wordDraft)
    lastError = try c.decodeIfPresent(AppError.self, forKey: .lastError)
    schedule = try c.decodeIfPresent(ReviewSchedule.self, forKey: .schedule) ?? ReviewSchedule()
    // A state written before rounds had its words' round start as they were.
    if let round = try c.decodeIfPresent(StudyRound.self, forKey: .round) {
      session.round = round
    } else if wordsStatus == .loaded {
      startRound()
    }
    serviceSync = try ServiceSync(from: c)
    list.deletedBookIDs = try c.decode(Set<WordBook.ID>.self, forKey: .deletedBookIDs)
  }

  /// Encodes the state as one JSON object with a field per stored property.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(books, forKey: .books)
    try c.encode(booksStatus, forKey: .booksStatus)
    try c.encode(isReopeningLastBook, forKey: .isReopeningLastBook)
    try c.encodeIfPresent(selectedBookID, forKey: .selectedBookID)
    try c.encode(words, forKey: .words)
    try c.encode(wordsStatus, forKey: .wordsStatus)
    try c.encode(studyMode, forKey: .studyMode)
    try c.encodeIfPresent(searchQuery, forKey: .searchQuery)
    try c.encode(isReversed, forKey: .isReversed)
    try c.encode(backFaces, forKey: .backFaces)
    try c.encode(isSavingWord, forKey: .isSavingWord)
    try c.encodeIfPresent(wordDraft, forKey: .wordDraft)
    try c.encodeIfPresent(lastError, forKey: .lastError)
    try c.encode(generator, forKey: .generator)
    try c.encode(schedule, forKey: .schedule)
    if session.round != StudyRound() || session.round.queue.answers.count > 0 {
      try c.encode(session.round, forKey: .round)
    }
    try serviceSync.encode(to: &c)
    try c.encode(list.deletedBookIDs, forKey: .deletedBookIDs)
  }
}
