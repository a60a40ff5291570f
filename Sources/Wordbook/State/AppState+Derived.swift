extension AppState {
  /// What the wordbook picker shows.
  public var picker: BookPicker {
    switch list.booksStatus {
    case .notLoaded, .loading: return .loading
    case .failed(let error): return .failed(error)
    case .loaded:
      if let selectedBook { return .chosen(selectedBook) }
      return list.books.isEmpty ? .empty : .chooseOne(list.books)
    }
  }

  /// The selected wordbook, if it is in the list.
  public var selectedBook: WordBook? {
    guard let bookID = session.bookID else { return nil }
    return list.books.first { $0.id == bookID }
  }

  /// The words shown under the study mode, in study order.
  ///
  /// A word marked success under ``StudyMode/excludeSuccess`` stays here until the next
  /// shuffle, mode change or reload, so the list doesn't jump under the learner's finger.
  public var visibleWords: VisibleWords { session.words.visibleWords }

  /// How many of the selected book's words are in each study state.
  public var tally: StudyTally { session.words.tally }

  /// The side of a word's card that is showing.
  public func face(of wordID: Word.ID) -> CardFace {
    session.backFaces.contains(wordID) ? .back : .front
  }

  /// Whether study marks, or the reviews of ratings, are still on their way to the service.
  public var hasUnsavedMarks: Bool {
    !session.serviceSync.writes.isEmpty
  }

  /// How many words have a mark on its way to the service.
  public var marksBeingSaved: Int { session.serviceSync.marksOnTheirWay.count }

  /// How many words would lose a mark if the session ended now: those with a mark, or a
  /// rating's review, on its way to the service, and those whose mark it failed to save.
  public var marksNotYetSaved: Int {
    var words = Set(session.serviceSync.marksOnTheirWay.keys)
    words.formUnion(session.unsavedMarks.keys)
    return words.count
  }

  /// Whether ``StudySessionFeature/Action/View/undo`` has a mark to undo.
  public var canUndo: Bool { !session.serviceSync.undoHistory.undoSteps.isEmpty }

  /// Whether ``StudySessionFeature/Action/View/redo`` has a mark to redo.
  public var canRedo: Bool { !session.serviceSync.undoHistory.redoSteps.isEmpty }
}
