extension WordServiceError {
  /// What exactly failed, with the values a front end needs to word it.
  public enum Reason: Hashable, Sendable, Codable {
    /// No wordbook has this ID.
    case bookNotFound(WordBook.ID)
    /// No word has this ID.
    case wordNotFound(Word.ID)
    /// Another wordbook, given, already has the title.
    case titleTaken(WordBook)
    /// A wordbook title was blank.
    case blankTitle
    /// A word's term was blank.
    case blankTerm
    /// A review's time lies outside ``Review/timeBounds``; nothing was recorded.
    case reviewTimeOutOfBounds(Timestamp)
    /// No user of a database that many learners share has this ID: the account was deleted.
    case userNotFound(Int64)
    /// A database that many learners share was opened with a blank user name.
    case blankUserName
    /// The work was cancelled; nothing was changed.
    case cancelled
    /// A review of an imported history, from the given line, names no word of the book; the
    /// import was rolled back.
    case reviewedTermNotMatched(line: Int, ReviewedTermProblem)
    /// A rating's ID is already held by another review (another word's, or one with another
    /// rating or time); nothing was stored.
    case reviewIDTaken(ReviewID)
    /// A review history being imported could not be read; its reader holds why (an Anki
    /// package's review log, its `failure`). Nothing was imported.
    case reviewHistoryUnreadable
    /// A review history was closed before it was read; nothing was imported.
    case reviewHistoryClosed
    /// The service could not be reached for the operation.
    case unreachable(Operation)
    /// The storage failed.
    case storage(StorageFailure)
    /// A sentence given by whoever made the error: a service outside Wordbook, a test double,
    /// or a log recorded before errors carried reasons.
    case described(String)
  }

  /// What a service call was doing when it failed.
  ///
  /// The raw value is the operation in English, as a verb phrase ("save the word").
  public enum Operation: String, Hashable, Sendable, Codable, CaseIterable {
    /// Opening the database.
    case openDatabase = "open the wordbook database"
    /// Preparing a query.
    case prepareQuery = "prepare a query"
    /// Creating the folder that holds the database.
    case createFolder = "create the folder"
    /// Loading the list of wordbooks.
    case loadBooks = "load the wordbooks"
    /// Loading one wordbook.
    case loadBook = "load the wordbook"
    /// Finding a wordbook.
    case findBook = "find the wordbook"
    /// Creating a wordbook.
    case createBook = "create the wordbook"
    /// Renaming a wordbook.
    case renameBook = "rename the wordbook"
    /// Deleting a wordbook.
    case deleteBook = "delete the wordbook"
    /// Loading a wordbook's words.
    case loadWords = "load the words"
    /// Counting words by study state.
    case countWords = "count the words"
    /// Finding a word.
    case findWord = "find the word"
    /// Saving a new or edited word.
    case saveWord = "save the word"
    /// Editing a word.
    case editWord = "edit the word"
    /// Deleting a word.
    case deleteWord = "delete the word"
    /// Saving study marks.
    case saveStudyMarks = "save the study marks"
    /// Recording or removing a review.
    case saveReview = "save the review"
    /// Loading review logs or a schedule.
    case loadReviews = "load the reviews"
    /// Searching words.
    case searchWords = "search the words"
    /// Importing words.
    case importWords = "import the words"
    /// Reading the settings, such as the last studied wordbook.
    case readSettings = "read the settings"
    /// Saving the settings.
    case saveSettings = "save the settings"
    /// Reading what other sessions changed.
    case readChanges = "read the changes"
    /// Recording a change for other sessions.
    case saveChanges = "save the changes"
    /// Reading the users of a shared database.
    case loadUsers = "load the users"
    /// Adding, changing or deleting a user of a shared database.
    case saveUser = "save the user"
  }

  /// A storage failure: what went wrong, during which operation, on which file.
  public struct StorageFailure: Hashable, Sendable, Codable {
    /// What went wrong.
    public var problem: StorageProblem
    /// What the call was doing.
    public var operation: Operation
    /// The database file or folder.
    public var path: String

    /// Creates a storage failure.
    public init(_ problem: StorageProblem, during operation: Operation, path: String) {
      self.problem = problem
      self.operation = operation
      self.path = path
    }
  }

  /// What went wrong with the storage. Details are the storage's own words (SQLite's or the
  /// system's), passed on as data.
  public enum StorageProblem: Hashable, Sendable, Codable {
    /// Another program is using the database.
    case busy
    /// The disk is full.
    case full
    /// The file or its folder is read-only.
    case readOnly
    /// The file is not a Wordbook database.
    case notADatabase
    /// The database is damaged.
    case damaged(detail: String)
    /// The file cannot be opened.
    case cannotOpen(detail: String)
    /// Reading or writing failed.
    case inputOutput(detail: String)
    /// The file has several names (hard links), which SQLite's locking cannot handle.
    case severalNames(links: Int)
    /// The database was written by a newer Wordbook.
    case newerSchema(version: Int64, known: Int64)
    /// This program closed the database.
    case closed
    /// The database cannot use write-ahead logging; the mode it reported.
    case noWriteAheadLog(mode: String)
    /// The database server cannot be reached: it is down, the address is wrong, or the
    /// connection was lost; libpq's own words in `detail`.
    case serverUnreachable(detail: String)
    /// A part of the folder's path is a file.
    case folderIsFile(part: String)
    /// Anything else, in the storage's own words.
    case system(detail: String)
  }
}
