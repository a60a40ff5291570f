import StoreCore

extension WordbookListFeature {
  /// What the wordbook list owns: the books, how far loading them got, and what a round of
  /// each would hold.
  ///
  /// ``AppState`` holds it as ``AppState/list``. The feature changes only this state; which
  /// book is open is the study session's (``StudySessionFeature/State/bookID``), and what the
  /// list asks of the app it says in ``WordbookListFeature/Action/delegate(_:)``.
  public struct State: Equatable, Sendable {
    /// The wordbooks, as last loaded.
    public var books: [WordBook] = []
    /// How far loading the wordbook list got.
    public var booksStatus: LoadStatus = .notLoaded
    /// Whether the service was asked which book to reopen and has not answered: a front end
    /// that would open a book of its own choosing waits for it.
    public var isReopeningLastBook = false
    /// What a Due round of each book would hold, as last counted: the picker shows them as
    /// *New · Learning · Due*. A book with nothing to study has none.
    public var roundCounts: [WordBook.ID: RoundCounts] = [:]
    /// The books the service deleted this session. IDs are never reused, so a late list that
    /// still holds one of them is stale.
    @Bookkeeping var deletedBookIDs: Set<WordBook.ID> = []

    /// Creates a list that has loaded nothing yet.
    public init() {}
  }
}

extension WordbookListFeature.State {
  /// Drops a book the service says it no longer holds, as when another process deleted it:
  /// it leaves the list, and stays out of any list loaded later.
  mutating func forget(_ bookID: WordBook.ID) {
    deletedBookIDs.insert(bookID)
    books.removeAll { $0.id == bookID }
    roundCounts[bookID] = nil
  }

  /// Takes a book list loaded because of outside changes: titles and counts are the
  /// service's (the selected book's count is its words', see `AppState.countSelectedBookWords()`),
  /// and a book this session deleted stays deleted.
  mutating func takeOutsideBooks(_ loaded: [WordBook]) {
    let fresh = loaded.filter { !deletedBookIDs.contains($0.id) }
    if fresh != books { books = fresh }
  }
}
