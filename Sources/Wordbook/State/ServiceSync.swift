/// The bookkeeping that keeps a session in step with the ``WordService``, in one value: the
/// marks on their way to it, the undo steps over those marks, what it acknowledged while the
/// selected book's words were loading, and the words it deleted.
///
/// The parts hang together, so their rules live here rather than at each place that changes
/// one of them: a deleted word loses its queued mark and its undo steps; a batch the service
/// failed to save forgets the undo steps of the words it puts back; choosing, leaving or
/// loading a book starts the per-book parts afresh. The undo history belongs here because the
/// service's answers decide which of its steps stay true. `ServiceSync+Invariants.swift` checks
/// the rules; the state holds it as `Bookkeeping`, so a state's equality leaves it out.
struct ServiceSync: Hashable, Sendable {
  /// The marks and ratings on their way to the service.
  private(set) var writes = StudyWrites()
  /// The marks undo and redo step through.
  private(set) var undoHistory = UndoHistory()
  /// What the service acknowledged while the selected book's words were loading.
  private(set) var changesDuringLoad = ChangesDuringLoad()
  /// The words the service deleted this session. IDs are never reused, so a late save answer
  /// that names one of them is stale.
  private(set) var deletedWordIDs: Set<Word.ID> = []
  /// Whether the selected book shows its first words while the rest load; what the service
  /// acknowledges meanwhile is kept for them, as during a whole load.
  private(set) var isLoadingRestOfBook = false
  /// Whether a shuffle asked for while the rest loaded waits for it.
  private(set) var shufflesOnceLoaded = false
  /// The book whose words an action asked to read, which the reducer starts loading once the
  /// action is applied.
  private(set) var wordsRequest: WordBook.ID?

  /// The newest mark on its way to the service for each word.
  var marksOnTheirWay: [Word.ID: StudyState] { writes.unsaved }

  /// Whether a mark or a rating of `wordID` is on its way to the service.
  func hasMarkOnItsWay(_ wordID: Word.ID) -> Bool {
    writes.hasWrite(of: wordID)
  }

  // MARK: Marks and ratings

  /// Records that a word went from `old` to `new`; returns the write to send now, if any.
  ///
  /// - Parameter recordsHistory: Whether undo can step back over this change.
  mutating func recordMark(
    wordID: Word.ID, from old: StudyState, to new: StudyState, recordsHistory: Bool
  ) -> StudyWrites.Write? {
    if recordsHistory { undoHistory.record(.init(wordID: wordID, from: old, to: new)) }
    guard old != new else { return nil }
    return writes.record(
      .marks([StudyStateChange(wordID: wordID, state: new)]),
      old: [StudyStateChange(wordID: wordID, state: old)])
  }

  /// Records a rating of a word that was `old`: its mark and its review go in one write, and
  /// undo takes both back. Returns the write to send now, if any.
  mutating func recordRating(
    wordID: Word.ID, from old: StudyState, review: Review, recordsHistory: Bool
  ) -> StudyWrites.Write? {
    if recordsHistory {
      undoHistory.record(.init(wordID: wordID, from: old, to: review.studyState, review: review))
    }
    return writes.record(
      .rating(wordID, review), old: [StudyStateChange(wordID: wordID, state: old)])
  }

  /// Records that a rating of a word is undone, giving it back `state`; returns the write to
  /// send now, if any.
  mutating func recordUndoneRating(wordID: Word.ID, from old: StudyState, to state: StudyState)
    -> StudyWrites.Write?
  {
    writes.record(
      .undoRating(wordID, restoring: state), old: [StudyStateChange(wordID: wordID, state: old)])
  }

  // MARK: Loading

  /// Asks for the words of `bookID` to be read.
  mutating func requestWords(of bookID: WordBook.ID) {
    wordsRequest = bookID
  }

  /// The book whose words were asked for, if any, clearing the request.
  mutating func takeWordsRequest() -> WordBook.ID? {
    defer { wordsRequest = nil }
    return wordsRequest
  }

  /// Settles the write in flight with the service's answer.
  ///
  /// - Parameters:
  ///   - saved: Whether the service saved it.
  ///   - whileLoading: Whether the selected book's words are loading, so that a load which
  ///     read the book before the save still ends with the saved marks.
  /// - Returns: The write that was in flight, the words to put back to what the service holds
  ///   (after a failure), and the next write to send, if any.
  mutating func settleWrite(saved: Bool, whileLoading: Bool)
    -> (attempted: StudyWrites.Write?, reverts: [StudyStateChange], next: StudyWrites.Write?)
  {
    let (attempted, reverts, next) = writes.settle(saved: saved)
    if saved, whileLoading, let attempted { changesDuringLoad.recordMarks(attempted.changes) }
    // A refused rating recorded no review: undoing its step must not remove the one before.
    if !saved, case .rating(let wordID, _)? = attempted { undoHistory.forgetReview(of: wordID) }
    // The marks undo would step over never reached the service, and the word no longer shows
    // them: undoing or redoing them would change the word instead of restoring it.
    for revert in reverts { undoHistory.forget(revert.wordID) }
    return (attempted, reverts, next)
  }

  /// Takes the last undo step, making it the next redo step.
  mutating func popUndo() -> UndoHistory.Step? { undoHistory.popUndo() }

  /// Takes the last redo step, making it the next undo step.
  mutating func popRedo() -> UndoHistory.Step? { undoHistory.popRedo() }

  // MARK: Words and books

  /// Forgets a word that left the book: its queued mark, so the next batch doesn't fail on it
  /// and take the other words' marks down with it, and its undo steps.
  mutating func forget(_ wordID: Word.ID) {
    undoHistory.forget(wordID)
    writes.forget(wordID)
  }

  /// Records that the service deleted a word, and forgets it.
  ///
  /// - Parameter whileLoading: Whether the selected book's words are loading, so that a load
  ///   which read the book before the deletion doesn't bring the word back.
  mutating func recordDeletedWord(_ wordID: Word.ID, whileLoading: Bool) {
    deletedWordIDs.insert(wordID)
    if whileLoading { changesDuringLoad.recordDeleted(wordID) }
    forget(wordID)
  }

  /// Records a word the service saved in the selected book while its words were loading.
  mutating func recordSavedDuringLoad(_ word: Word) {
    changesDuringLoad.recordSaved(word)
  }

  /// Records a word whose text the service changed while the selected book's words were
  /// loading.
  mutating func recordEditedDuringLoad(_ word: Word) {
    changesDuringLoad.recordEdited(word)
  }

  /// Records marks the service reported while the selected book's words were loading.
  mutating func recordMarksDuringLoad(_ changes: [StudyStateChange]) {
    changesDuringLoad.recordMarks(changes)
  }

  /// Starts the bookkeeping of a book just chosen: nothing changed during its load yet, and no
  /// mark of it can be undone. Marks of the previous book still on their way stay.
  mutating func startBook() {
    endLoad()
    undoHistory = UndoHistory()
  }

  /// Leaves a book the service no longer holds: the marks of its words still waiting to be
  /// sent could only fail, so they go, with the rest of the book's bookkeeping.
  ///
  /// - Parameter words: The words of the book being left.
  mutating func leaveBook(showing words: WordList) {
    for wordID in writes.unsaved.keys where words.contains(wordID) { writes.forget(wordID) }
    startBook()
  }

  /// Takes freshly loaded words: returns them with what the service acknowledged during the
  /// load applied. Undo steps describe the words as they were before the load, so they go.
  mutating func takeLoadedWords(_ loaded: [Word]) -> [Word] {
    let words = changesDuringLoad.apply(to: loaded)
    startBook()
    return words
  }

  /// Takes the first words of a big book, shown while the rest load: returns them with what
  /// the service acknowledged so far applied, and keeps recording for the rest.
  mutating func takeFirstWords(_ first: [Word]) -> [Word] {
    let words = changesDuringLoad.apply(to: first)
    undoHistory = UndoHistory()
    isLoadingRestOfBook = true
    return words
  }

  /// Takes the whole book once its first words were shown: returns it with what the service
  /// acknowledged during the load applied. The undo steps stay: they are of words shown, which
  /// keep their places.
  ///
  /// - Returns: The words, and whether a shuffle waited for them.
  mutating func takeRestOfWords(_ loaded: [Word]) -> (words: [Word], shuffles: Bool) {
    let words = changesDuringLoad.apply(to: loaded)
    let shuffles = shufflesOnceLoaded
    endLoad()
    return (words, shuffles)
  }

  /// Forgets what the load of a book kept while it ran (also one that failed): what the
  /// service acknowledged meanwhile, and the wait for the rest of a big book and its shuffle.
  mutating func endLoad() {
    changesDuringLoad = ChangesDuringLoad()
    isLoadingRestOfBook = false
    shufflesOnceLoaded = false
  }

  /// Notes that a shuffle waits for the rest of the book.
  mutating func shuffleOnceLoaded() {
    shufflesOnceLoaded = true
  }
}

extension ServiceSync {
  /// Decodes the bookkeeping from the flat fields of a state's JSON.
  init(from container: KeyedDecodingContainer<AppState.CodingKeys>) throws {
    writes = try container.decode(StudyWrites.self, forKey: .pendingWrites)
    undoHistory = try container.decode(UndoHistory.self, forKey: .history)
    changesDuringLoad = try container.decode(ChangesDuringLoad.self, forKey: .changesDuringLoad)
    deletedWordIDs = try container.decode(Set<Word.ID>.self, forKey: .deletedWordIDs)
    isLoadingRestOfBook =
      try container.decodeIfPresent(Bool.self, forKey: .isLoadingRestOfBook) ?? false
    shufflesOnceLoaded =
      try container.decodeIfPresent(Bool.self, forKey: .shufflesOnceLoaded) ?? false
  }

  /// Encodes the bookkeeping as flat fields of a state's JSON.
  func encode(to container: inout KeyedEncodingContainer<AppState.CodingKeys>) throws {
    try container.encode(writes, forKey: .pendingWrites)
    try container.encode(undoHistory, forKey: .history)
    try container.encode(changesDuringLoad, forKey: .changesDuringLoad)
    try container.encode(deletedWordIDs, forKey: .deletedWordIDs)
    // Only while the rest of a book loads, so states written before have the same JSON.
    if isLoadingRestOfBook { try container.encode(true, forKey: .isLoadingRestOfBook) }
    if shufflesOnceLoaded { try container.encode(true, forKey: .shufflesOnceLoaded) }
  }
}
