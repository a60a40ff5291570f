extension AppState {
  /// Shows the words of `mode`, as ``StudySessionFeature/Action/View/setStudyMode(_:)`` does
  /// to the words: it re-filters the visible words, starts a round of them, and the selected
  /// book keeps the mode (``WordBook/studyMode``). Public for describing a step in a test.
  ///
  /// ```swift
  /// store.send(.study(.view(.setStudyMode(.excludeSuccess)))) {
  ///   $0.setStudyMode(.excludeSuccess)
  /// }
  /// ```
  ///
  /// - Parameter mode: The mode to show.
  public mutating func setStudyMode(_ mode: StudyMode) {
    session.words.filter(mode: mode, searchQuery: session.words.searchQuery)
    session.startRound()
    if let index = list.books.firstIndex(where: { $0.id == session.bookID }) {
      list.books[index].studyMode = mode
    }
  }

  /// Shows the words whose term or meaning contains `query`, as
  /// ``StudySessionFeature/Action/View/setSearchQuery(_:)`` does with a trimmed, non-blank
  /// query: it re-filters the visible words and starts a round of them. Public for describing
  /// a step in a test.
  ///
  /// - Parameter query: The text to search for, or `nil` for every word of the mode.
  public mutating func setSearchQuery(_ query: String?) {
    session.words.search(for: query)
    session.startRound()
  }

  /// Starts a round over the visible words, as choosing a mode, searching, shuffling or opening
  /// a book does: under Due mode, read from the schedule once it is. Public for describing a
  /// step in a test.
  ///
  /// ```swift
  /// store.send(.study(.wordsLoaded(book.id, .success(words)))) {
  ///   $0.session.words = WordList(words)
  ///   $0.session.wordsStatus = .loaded
  ///   $0.startRound()
  /// }
  /// ```
  public mutating func startRound() {
    session.startRound()
  }

  /// Tells the round where a front end shows the card it is about to rate, so the rating finds
  /// the card at once.
  package mutating func noteShown(_ wordID: Word.ID, at position: Int) {
    session.round.queue.shownAt = (wordID, position)
  }

  /// Takes the schedule the service read for the selected book, as its answer does: Due mode
  /// shows the due words, then the day's new words, then the learning words due later that
  /// day, in a new round. Public for describing a step in a test.
  ///
  /// ```swift
  /// await store.receive(.study(.scheduleLoaded(verbs.id, .success(schedule)))) {
  ///   $0.takeSchedule(schedule)
  /// }
  /// ```
  ///
  /// - Parameter schedule: The schedule read.
  public mutating func takeSchedule(_ schedule: BookSchedule) {
    session.takeSchedule(schedule)
  }

  /// Adds a word saved to the selected book at the end of its words, and to the round when it
  /// shows, as a save does. Public for describing a step in a test.
  ///
  /// ```swift
  /// let saved = await store.receive("wordSaved", extracting: { action in
  ///   if case .study(.wordSaved(_, .success(let word))) = action { word } else { nil }
  /// }) { state, word in
  ///   state.append(word)
  /// }
  /// ```
  ///
  /// - Parameter word: The new word; its ID must not be in the list.
  public mutating func append(_ word: Word) {
    session.showSavedWord(word)
  }

  /// Removes a word deleted from the selected book: from its words, its turned cards, its
  /// unsaved marks and the round, as a deletion does. Public for describing a step in a test.
  ///
  /// ```swift
  /// await store.receive(.study(.wordDeleted(id, .success(id)))) {
  ///   $0.removeWord(id)
  ///   $0.list.books[0].wordCount -= 1
  /// }
  /// ```
  ///
  /// - Parameter id: The word deleted.
  public mutating func removeWord(_ id: Word.ID) {
    session.removeDeletedWord(id)
  }
}

extension AppState {
  /// The most words a big book shows before the rest of it has loaded: a book with more (as
  /// the book list counts them) loads this many first.
  public static let firstPageSize = 1_000

  /// Keeps the selected book's word count the number of its words, once they are loaded: the
  /// one place that count is written, after every action.
  mutating func countSelectedBookWords() {
    guard session.wordsStatus == .loaded, !session.isLoadingRestOfWords,
      let index = list.books.firstIndex(where: { $0.id == session.bookID }),
      list.books[index].wordCount != session.words.count
    else { return }
    list.books[index].wordCount = session.words.count
  }
}
