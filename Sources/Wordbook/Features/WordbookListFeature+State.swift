import StoreCore

extension WordbookListFeature {
  /// What the wordbook list owns: the books, how far loading them got, and which one is chosen.
  ///
  /// ``AppState`` holds it as ``AppState/list`` and forwards its public properties
  /// (``AppState/books``, ``AppState/selectedBookID``…). The feature changes only this state:
  /// opening or leaving the chosen book's words, and showing an error, it leaves here for
  /// ``AppReducer``, which has the study session open the book once the action is applied, so
  /// the session's ``StudySessionFeature/State/bookID`` is always the list's choice.
  public struct State: Equatable, Sendable {
    /// The wordbooks, as last loaded.
    public var books: [WordBook] = []
    /// How far loading the wordbook list got.
    public var booksStatus: LoadStatus = .notLoaded
    /// Whether the service was asked which book to reopen and has not answered: a front end
    /// that would open a book of its own choosing waits for it.
    public var isReopeningLastBook = false
    /// The chosen wordbook's ID: an ID, never an index, so an empty or reloaded list can't
    /// make it point at the wrong book.
    public var selectedBookID: WordBook.ID?
    /// What a Due round of each book would hold, as last counted: the picker shows them as
    /// *New · Learning · Due*. A book with nothing to study has none.
    public var roundCounts: [WordBook.ID: RoundCounts] = [:]
    /// The books the service deleted this session. IDs are never reused, so a late list that
    /// still holds one of them is stale.
    @Bookkeeping var deletedBookIDs: Set<WordBook.ID> = []
    /// What the action being applied asks of the app beyond the list, which ``AppReducer``
    /// does once the action is applied.
    @Bookkeeping var appRequests = AppRequests()

    /// Creates a list that has loaded nothing yet.
    public init() {}
  }

  /// What a list's action asks of the app beyond the list.
  struct AppRequests: Equatable, Sendable {
    /// What the study session does with its book.
    enum BookChange: Equatable, Sendable {
      /// Open a book: with its words to load, or with none (a book just created).
      case open(WordBook.ID, LoadStatus)
      /// Leave the book, which the list no longer holds.
      case leave
    }

    /// The error to show, as ``AppState/lastError``.
    var error: AppError?
    /// What the study session does with its book, if the choice changed.
    var bookChange: BookChange?
  }
}

extension WordbookListFeature.State {
  /// Chooses a book, which the study session opens once the action is applied: with its words
  /// to load, or with none (a book just created).
  mutating func choose(_ bookID: WordBook.ID, status: LoadStatus) {
    selectedBookID = bookID
    appRequests.bookChange = .open(bookID, status)
  }

  /// Leaves the chosen book, which the list no longer holds.
  mutating func deselect() {
    selectedBookID = nil
    appRequests.bookChange = .leave
  }

  /// Drops a book the service says it no longer holds, as when another process deleted it:
  /// it leaves the list, and when it is the chosen one, the picker shows with the error.
  mutating func forget(_ bookID: WordBook.ID) {
    deletedBookIDs.insert(bookID)
    books.removeAll { $0.id == bookID }
    roundCounts[bookID] = nil
    if selectedBookID == bookID { deselect() }
  }

  /// Takes a book list loaded because of outside changes: titles and counts are the
  /// service's (the selected book's count is its words', see `AppState.countSelectedBookWords()`),
  /// and a book this session deleted stays deleted.
  mutating func takeOutsideBooks(_ loaded: [WordBook]) {
    let fresh = loaded.filter { !deletedBookIDs.contains($0.id) }
    if fresh != books { books = fresh }
    if let selectedBookID, !books.contains(where: { $0.id == selectedBookID }) {
      forget(selectedBookID)
    }
  }
}
