extension AppState {
  /// The wordbooks, as last loaded: the list's.
  public var books: [WordBook] {
    get { list.books }
    _modify { yield &list.books }
  }
  /// How far loading the wordbook list got.
  public var booksStatus: LoadStatus {
    get { list.booksStatus }
    _modify { yield &list.booksStatus }
  }
  /// Whether the service was asked which book to reopen and has not answered: a front end
  /// that would open a book of its own choosing waits for it.
  public var isReopeningLastBook: Bool {
    get { list.isReopeningLastBook }
    _modify { yield &list.isReopeningLastBook }
  }
  /// The selected wordbook's ID: an ID, never an index, so an empty or reloaded list can't
  /// make it point at the wrong book. It is the book the study session studies, its one owner
  /// (``StudySessionFeature/State/bookID``).
  public var selectedBookID: WordBook.ID? {
    get { session.bookID }
    _modify { yield &session.bookID }
  }
  /// The selected wordbook's words, with the study mode and the search that filter them: the
  /// study session's.
  public var words: WordList {
    get { session.words }
    _modify { yield &session.words }
  }
  /// How far loading the selected wordbook's words got.
  public var wordsStatus: LoadStatus {
    get { session.wordsStatus }
    _modify { yield &session.wordsStatus }
  }
  /// The selected wordbook's review schedule, which ``StudyMode/due`` shows; read from the
  /// service each time Due mode is chosen.
  public var schedule: ReviewSchedule {
    get { session.schedule }
    _modify { yield &session.schedule }
  }
  /// Which words the session shows: the ``words``' own ``WordList/mode``;
  /// ``setStudyMode(_:)`` changes it.
  public var studyMode: StudyMode { session.words.mode }

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
    if let index = books.firstIndex(where: { $0.id == selectedBookID }) {
      books[index].studyMode = mode
    }
  }

  /// The text the visible words' term or meaning contains, ignoring case; `nil` shows every word of
  /// the study mode: the ``words``' own ``WordList/searchQuery``. Like the mode, it filters when it
  /// is set, never when a word changes. Choosing another book clears it; ``setSearchQuery(_:)``
  /// changes it.
  public var searchQuery: String? { session.words.searchQuery }

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
  /// Whether cards show the meaning on their front and the term on their back, for this
  /// session.
  public var isReversed: Bool {
    get { session.isReversed }
    _modify { yield &session.isReversed }
  }
  /// The words whose card shows its back (the meaning); every other card shows its front.
  public var backFaces: Set<Word.ID> {
    get { session.backFaces }
    _modify { yield &session.backFaces }
  }
  /// The marks the service failed to save, newest per word, which the words no longer show:
  /// ``StudySessionFeature/Action/View/retryUnsavedMarks`` makes them again. A new mark of the
  /// word, its deletion, or choosing another book gives one up.
  public var unsavedMarks: [Word.ID: StudyState] {
    get { session.unsavedMarks }
    _modify { yield &session.unsavedMarks }
  }

  /// The ratings among ``unsavedMarks``, with their reviews, which a retry sends again with
  /// their IDs.
  public var unsavedReviews: [Word.ID: Review] {
    get { session.unsavedReviews }
    _modify { yield &session.unsavedReviews }
  }

  /// The round being studied: the current card, what is left, what was known and missed.
  public var round: StudyRound {
    get { session.round }
    _modify { yield &session.round }
  }

  /// Starts a round over the visible words, as choosing a mode, searching, shuffling or opening
  /// a book does: under Due mode, read from the schedule once it is. Public for describing a
  /// step in a test.
  ///
  /// ```swift
  /// store.send(.study(.wordsLoaded(book.id, .success(words)))) {
  ///   $0.words = WordList(words)
  ///   $0.wordsStatus = .loaded
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
  ///   $0.books[0].wordCount -= 1
  /// }
  /// ```
  ///
  /// - Parameter id: The word deleted.
  public mutating func removeWord(_ id: Word.ID) {
    session.removeDeletedWord(id)
  }
  /// The generator that shuffles; stored here so that replaying a log shuffles the same way.
  public var generator: SplitMix64 {
    get { session.generator }
    _modify { yield &session.generator }
  }
  /// Whether a new word, or an edit of a word, is being saved.
  public var isSavingWord: Bool {
    get { session.isSavingWord }
    _modify { yield &session.isSavingWord }
  }
  /// The word being saved, or the one whose save failed, so the form can be filled again.
  public var wordDraft: WordDraft? {
    get { session.wordDraft }
    _modify { yield &session.wordDraft }
  }
  /// What keeps the session in step with the service: marks on their way, undo steps,
  /// changes seen during a load, and deleted words.
  var serviceSync: ServiceSync {
    get { session.serviceSync }
    _modify { yield &session.serviceSync }
  }
}

extension AppState {
  /// The most words a big book shows before the rest of it has loaded: a book with more (as
  /// the book list counts them) loads this many first.
  public static let firstPageSize = 1_000

  /// Whether the selected book shows its first words while the rest of it loads.
  ///
  /// Every action works meanwhile: marks, edits and mode changes apply to the words shown and
  /// are kept for the rest, and a shuffle waits for the rest to arrive. The book's word count
  /// in ``books`` is the service's until then.
  public var isLoadingRestOfWords: Bool { session.isLoadingRestOfWords }

  /// Keeps the selected book's word count the number of its words, once they are loaded: the
  /// one place that count is written, after every action.
  mutating func countSelectedBookWords() {
    guard wordsStatus == .loaded, !serviceSync.isLoadingRestOfBook,
      let index = books.firstIndex(where: { $0.id == selectedBookID }),
      books[index].wordCount != words.count
    else { return }
    books[index].wordCount = words.count
  }
}
