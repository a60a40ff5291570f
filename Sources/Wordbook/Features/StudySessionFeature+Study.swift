extension StudySessionFeature.State {
  /// Sets a word's study state at once and returns the write to send to the service now, if
  /// any.
  ///
  /// - Parameters:
  ///   - state: The new study state.
  ///   - wordID: The word.
  ///   - recordsHistory: Whether undo can step back over this change.
  mutating func mark(_ state: StudyState, wordID: Word.ID, recordsHistory: Bool = true)
    -> StudyWrites.Write?
  {
    guard let position = words.position(of: wordID) else { return nil }
    unsavedMarks[wordID] = nil
    unsavedReviews[wordID] = nil
    let old = words.state(at: position)
    guard old != state else { return nil }
    words.setState(state, at: position)
    return serviceSync.recordMark(
      wordID: wordID, from: old, to: state, recordsHistory: recordsHistory)
  }

  /// Makes again the marks and ratings the service failed to save, for the words still in the
  /// book (a rating with its ID, so that one the service did store is not stored twice), and
  /// returns the write to send now, if any.
  mutating func retryUnsavedMarks() -> StudyWrites.Write? {
    var first: StudyWrites.Write?
    let reviews = unsavedReviews
    for (wordID, state) in unsavedMarks.sorted(by: { $0.key < $1.key }) {
      guard words.contains(wordID) else { continue }
      let sent =
        if let review = reviews[wordID] {
          rate(wordID, review, recordsHistory: false)
        } else {
          mark(state, wordID: wordID, recordsHistory: false)
        }
      if let sent { first = sent }
    }
    unsavedMarks = [:]
    unsavedReviews = [:]
    return first
  }

  /// Re-filters the visible words under `mode`, turns every card to its front and starts a
  /// round of them (under Due mode, once the schedule is read).
  mutating func show(_ mode: StudyMode) {
    words.filter(mode: mode, searchQuery: words.searchQuery)
    turnAllCardsToFront()
    startRound()
  }

  /// Filters the visible words by `query` (all of them for `nil` or a blank query), turns
  /// every card to its front and starts a round of them.
  mutating func search(for query: String?) {
    let trimmed = query?.trimmingWhitespace()
    let query = trimmed?.isEmpty == false ? trimmed : nil
    words.search(for: query)
    turnAllCardsToFront()
    startRound()
  }

  /// Shuffles the study order, re-filters, turns every card to its front and starts a round;
  /// while the rest of a big book loads, the shuffle waits for it, so that it orders every
  /// word.
  mutating func shuffleWords() {
    turnAllCardsToFront()
    guard !isLoadingRestOfWords else { return serviceSync.shuffleOnceLoaded() }
    words.shuffle(using: &generator)
    startRound()
  }

  /// Whether the open book shows its first words while the rest of it loads.
  ///
  /// Every action works meanwhile: marks, edits and mode changes apply to the words shown and
  /// are kept for the rest, and a shuffle waits for the rest to arrive. The book's word count
  /// in the list's books is the service's until then.
  public var isLoadingRestOfWords: Bool { serviceSync.isLoadingRestOfBook }

  /// Whether the selected book's words, or the rest of them, are being read: what the service
  /// acknowledges meanwhile is recorded for the words to come.
  var isReadingWords: Bool { wordsStatus == .loading || isLoadingRestOfWords }

  /// Shows a word saved to the selected book, by this session or another: at the end of the
  /// words shown, and kept for the words still being read, which may not hold it.
  mutating func showSavedWord(_ word: Word) {
    switch wordsStatus {
    case .loaded:
      words.append(word)
      if words.visibleWords.last?.id == word.id { round.add(word.id, in: roundContext) }
      if isLoadingRestOfWords { serviceSync.recordSavedDuringLoad(word) }
    case .loading: serviceSync.recordSavedDuringLoad(word)
    case .notLoaded, .failed: break
    }
  }

  /// Shows the first words of a big book while the rest load.
  mutating func showFirstWords(_ first: [Word]) {
    show(serviceSync.takeFirstWords(first))
  }

  /// Takes the whole book after its first words were shown: the words shown keep their places,
  /// faces and marks, the rest follow in the order they were added (visible when the mode and
  /// the search show them), and a shuffle asked for meanwhile shuffles them all now.
  mutating func mergeRestOfWords(_ loaded: [Word]) {
    let (whole, shuffles) = serviceSync.takeRestOfWords(loaded)
    mergeWords(whole)
    if schedule.status == .loaded { showDueWords() }
    if shuffles { shuffleWords() } else { round.recount(in: roundContext) }
  }

  /// Merges `loaded`, the book as stored now, into the words shown: they keep their places,
  /// turned faces and visibility, new words go at the end, words no longer there leave with
  /// their bookkeeping, and the marks still on their way stay.
  mutating func mergeWords(_ loaded: [Word]) {
    for wordID in words.merge(loaded) {
      serviceSync.forget(wordID)
      round.forget(wordID, in: roundContext)
      schedule.forget(wordID)
      backFaces.remove(wordID)
      unsavedMarks[wordID] = nil
      unsavedReviews[wordID] = nil
    }
    for (wordID, state) in serviceSync.marksOnTheirWay {
      if let position = words.position(of: wordID) { words.setState(state, at: position) }
    }
    round.recount(in: roundContext)
  }

  /// Replaces the words with a freshly loaded book, keeping marks not yet saved and what the
  /// service acknowledged while the words were loading.
  mutating func replaceWords(with loaded: [Word]) {
    show(serviceSync.takeLoadedWords(loaded))
  }

  /// Shows `taken`, loaded words with what the service acknowledged during the load applied,
  /// in place of the words shown, with the marks still on their way.
  private mutating func show(_ taken: [Word]) {
    let (mode, query) = (words.mode, words.searchQuery)
    words = WordList(taken)
    for (wordID, state) in serviceSync.marksOnTheirWay {
      if let position = words.position(of: wordID) { words.setState(state, at: position) }
    }
    words.filter(mode: mode, searchQuery: query)
    if schedule.status == .loaded { showDueWords() }
    unsavedMarks = unsavedMarks.filter { words.contains($0.key) }
    unsavedReviews = unsavedReviews.filter { words.contains($0.key) }
    wordsStatus = .loaded
    backFaces.removeAll()
    startRound()
  }

  /// Asks for the words of `bookID` to be read (again), after the action being applied.
  mutating func requestWords(of bookID: WordBook.ID) {
    serviceSync.requestWords(of: bookID)
  }

  /// Opens a book in the study mode it was left in, and clears what belonged to the previous
  /// one, its search included; a book opened as `.loading` asks for its words, and, in Due
  /// mode, its schedule.
  mutating func open(_ bookID: WordBook.ID, status: LoadStatus, mode: StudyMode) {
    self.bookID = bookID
    clearBook(status: status, mode: mode)
    serviceSync.startBook()
    if status == .loading { requestWords(of: bookID) } else { startRound() }
  }

  /// Leaves the selected book, which the service no longer holds: its words go, and so do
  /// the marks of them still waiting to be sent, which could only fail.
  mutating func deselect() {
    serviceSync.leaveBook(showing: words)
    bookID = nil
    clearBook(status: .notLoaded, mode: words.mode)
  }

  /// Empties what the session shows of a book, under `mode`: its words, schedule, round,
  /// unsaved marks and turned faces.
  private mutating func clearBook(status: LoadStatus, mode: StudyMode) {
    words = WordList([], mode: mode)
    schedule = ReviewSchedule()
    round = StudyRound()
    unsavedMarks = [:]
    unsavedReviews = [:]
    wordsStatus = status
    backFaces.removeAll()
  }

  /// Turns every card to its front.
  mutating func turnAllCardsToFront() {
    backFaces.removeAll()
  }
}
