/// Everything that can happen in a Wordbook session: what the learner does, and what the
/// ``WordService`` answers.
///
/// Effect results are named `…Loaded`, `…Saved`, `…Created`, `…Deleted` and carry a
/// `Result`, so actions stay `Equatable` and a recorded log replays without a service.
public enum AppAction: Equatable, Sendable {
  // MARK: Wordbooks

  /// The service answered ``createBook(title:)``.
  case bookCreated(Result<WordBook, WordServiceError>)
  /// The service answered ``deleteBook(_:)``.
  case bookDeleted(WordBook.ID, Result<WordBook.ID, WordServiceError>)
  /// The service answered ``renameBook(_:title:)``.
  case bookRenamed(Result<WordBook, WordServiceError>)
  /// The service answered ``loadBooks``.
  case booksLoaded(Result<[WordBook], WordServiceError>)
  /// Create a wordbook and select it.
  case createBook(title: String)
  /// Delete a wordbook and its words; when it is the selected one, nothing is selected after.
  case deleteBook(WordBook.ID)
  /// The service named the book studied last, asked after ``booksLoaded(_:)`` when no book
  /// is selected; that book is selected.
  case lastStudiedBookLoaded(Result<WordBook.ID?, WordServiceError>)
  /// Load the wordbook list, on start or as a retry.
  case loadBooks
  /// Give a wordbook a new title.
  case renameBook(WordBook.ID, title: String)
  /// Select a wordbook by ID and load its words.
  case selectBook(WordBook.ID)
  /// The service answered the words of a book selected with ``selectBook(_:)``: the whole
  /// book, after its ``firstWordsLoaded(_:_:)`` when it is big.
  case wordsLoaded(WordBook.ID, Result<[Word], WordServiceError>)
  /// The service answered the first page of a big book selected with ``selectBook(_:)``
  /// (more than ``AppState/firstPageSize`` words), shown at once while the rest loads.
  case firstWordsLoaded(WordBook.ID, [Word])

  // MARK: Studying

  /// Turn one card over.
  case flip(Word.ID)
  /// Mark a word as not known (swiped left).
  case markFail(Word.ID)
  /// Mark a word as known (swiped right).
  case markSuccess(Word.ID)
  /// Redo the last undone mark.
  case redo
  /// Make again the marks the service failed to save (``AppState/unsavedMarks``).
  case retryUnsavedMarks
  /// Rate how well the learner recalled a word at a time: ``Rating/again`` marks it as not
  /// known, the others as known, and the service records the review and schedules the word.
  /// Undo takes back the mark and the review together.
  case rate(Word.ID, Rating, at: Timestamp)
  /// The service answered the review a rating, or a redo of one, recorded.
  case reviewRecorded(Word.ID, Result<MemoryState, WordServiceError>)
  /// The service answered the removal of a word's last review, as undoing a rating asks.
  case reviewRemoved(Word.ID, Result<MemoryState, WordServiceError>)
  /// Reset a word to not studied.
  case resetMark(Word.ID)
  /// Show only the words whose term or meaning contains the query, or every word for `nil`
  /// or a blank query; every card turns to its front.
  case setSearchQuery(String?)
  /// Show the words of `mode`; every card turns to its front.
  case setStudyMode(StudyMode)
  /// Reorder the visible words at random; marks stay, every card turns to its front, and no
  /// service is called.
  case shuffle
  /// The service answered a batch of study marks.
  case studyStatesSaved(Result<[StudyStateChange], WordServiceError>)
  /// The service answered the schedule of a book, read when ``StudyMode/due`` is chosen or a
  /// book is opened in it; the due words show, then the day's new words.
  case scheduleLoaded(WordBook.ID, Result<BookSchedule, WordServiceError>)
  /// Show the meaning first, or the term again; every card turns to its front.
  case toggleReverse
  /// Switch to the next study mode; every card turns to its front.
  case toggleStudyMode
  /// Undo the last mark.
  case undo

  // MARK: Editing

  /// Delete a word from the selected book.
  case deleteWord(Word.ID)
  /// Hide the last error.
  case dismissError
  /// Change the term and meaning of a word of the selected book.
  case editWord(Word.ID, term: String, meaning: String)
  /// Save a new word to the selected book.
  case saveWord(term: String, meaning: String)
  /// The service answered ``deleteWord(_:)``.
  case wordDeleted(Word.ID, Result<Word.ID, WordServiceError>)
  /// The service answered ``editWord(_:term:meaning:)`` for a word of the given book.
  case wordEdited(WordBook.ID, Result<Word, WordServiceError>)
  /// The service answered ``saveWord(term:meaning:)`` for the given book.
  case wordSaved(WordBook.ID, Result<Word, WordServiceError>)

  // MARK: Outside changes

  /// The service answered the list of books loaded again after ``outsideChanges(_:)``.
  case outsideBooksLoaded(Result<[WordBook], WordServiceError>)
  /// The service reported changes made by another session, process or front end (or by this
  /// session, which finds them already applied); see ``WordService/changes()``.
  case outsideChanges([WordChange])
  /// The service answered the words of the selected book, loaded again after
  /// ``outsideChanges(_:)`` reported too many changes to list.
  case outsideWordsLoaded(WordBook.ID, Result<[Word], WordServiceError>)
  /// Apply the changes the service reports from now on, as ``outsideChanges(_:)``, until
  /// ``unsubscribeFromChanges``; a front end sends it once when it starts.
  case subscribeToChanges
  /// Stop applying the changes the service reports.
  case unsubscribeFromChanges
}
