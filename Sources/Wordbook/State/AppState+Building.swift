extension AppState {
  /// Creates the state of a session that has loaded its wordbooks and, when a book is
  /// selected, that book's words: the starting point of a test or a snapshot, without a store.
  ///
  /// The data derived from the words is made to match: the word index, the tally, the visible
  /// words under `studyMode` in the order given, and the selected book's word count. Each
  /// word's ``Word/studyState`` is its mark.
  ///
  /// ```swift
  /// let verbs = WordBook(id: WordBook.ID(1), title: "Verbs", wordCount: 0)
  /// let state = AppState(
  ///   seed: 7, books: [verbs], selectedBookID: verbs.id,
  ///   words: [
  ///     Word(id: Word.ID(1), term: "가다", meaning: "to go", studyState: .success),
  ///     Word(id: Word.ID(2), term: "오다", meaning: "to come"),
  ///   ],
  ///   studyMode: .excludeSuccess)
  /// state.visibleWords.count  // 1
  /// ```
  ///
  /// - Parameters:
  ///   - seed: The seed of the shuffle generator.
  ///   - books: The wordbooks, as the service listed them.
  ///   - selectedBookID: The selected book, one of `books`, or `nil` for none.
  ///   - words: The selected book's words in study order; empty when no book is selected.
  ///   - studyMode: Which words the session shows.
  /// - Precondition: `selectedBookID` is one of `books`, `words` is empty when no book is
  ///   selected, and no two words share an ID.
  public init(
    seed: UInt64,
    books: [WordBook],
    selectedBookID: WordBook.ID? = nil,
    words: [Word] = [],
    studyMode: StudyMode = .all
  ) {
    precondition(
      Set(words.map(\.id)).count == words.count, "Two words share an ID: give each its own.")
    self.init(seed: seed)
    list.books = books
    list.booksStatus = .loaded
    setStudyMode(studyMode)
    guard let selectedBookID else {
      precondition(words.isEmpty, "Words were given without a selected book: select one.")
      return
    }
    guard let index = books.firstIndex(where: { $0.id == selectedBookID }) else {
      preconditionFailure("The selected book \(selectedBookID) is not one of the books.")
    }
    session.bookID = selectedBookID
    list.books[index].wordCount = words.count
    session.words = WordList(words, mode: studyMode)
    session.wordsStatus = .loaded
    startRound()
  }

  /// Shuffles the study order with the state's generator, re-filters the visible words and
  /// starts a round of them, as ``StudySessionFeature/Action/View/shuffle`` does, leaving the
  /// cards' faces alone: for describing the state a shuffle leads to in a test step.
  public mutating func shuffleStudyOrder() {
    session.words.shuffle(using: &session.generator)
    session.startRound()
  }
}
