/// The books and words an ``InMemoryWordService`` holds, as one value so a bulk import can
/// work on a copy and commit it whole.
struct InMemoryLibrary {
  struct StoredBook {
    var book: WordBook
    var wordIDs: [Word.ID]
  }

  var books: [StoredBook] = []
  var words: [Word.ID: Word] = [:]
  var bookOfWord: [Word.ID: WordBook.ID] = [:]
  /// The settings a storage keeps as integers, by key (the book studied last).
  var settings: [String: Int64] = [:]
  /// Each reviewed word's log, in the order the reviews were recorded.
  var reviews: [Word.ID: [Review]] = [:]
  /// The reviews that carry an ID, by ID: a rating sent again is stored once.
  var reviewsByID: [ReviewID: WordReview] = [:]
  /// Each reviewed word's memory, what its log replays to; a word without one is new.
  var memories: [Word.ID: WordMemory] = [:]
  var reviewSettings = ReviewSettings.standard
  private var nextBookID: Int64 = 1
  private var nextWordID: Int64 = 1

  func bookIndex(_ bookID: WordBook.ID) throws(WordServiceError) -> Int {
    guard let index = books.firstIndex(where: { $0.book.id == bookID }) else {
      throw .bookNotFound(bookID)
    }
    return index
  }

  /// The index of the book whose title is the same as `title`, compared as
  /// ``Swift/String/wordbookTitleKey``.
  func bookIndex(titled title: String) -> Int? {
    let key = title.wordbookTitleKey
    return books.firstIndex { $0.book.title.wordbookTitleKey == key }
  }

  /// Throws ``WordServiceError/Kind/titleTaken`` when a book has `title`.
  func checkTitleFree(_ title: String) throws(WordServiceError) {
    if let index = bookIndex(titled: title) { throw .titleTaken(by: books[index].book) }
  }

  @discardableResult
  mutating func insertBook(title: String) -> Int {
    books.append(StoredBook(book: WordBook(id: WordBook.ID(nextBookID), title: title), wordIDs: []))
    nextBookID += 1
    return books.count - 1
  }

  @discardableResult
  mutating func insertWord(_ draft: WordDraft, into index: Int) -> Word {
    let word = Word(
      id: Word.ID(nextWordID),
      term: draft.term,
      meaning: draft.meaning,
      imageReference: draft.imageReference,
      studyState: draft.studyState
    )
    nextWordID += 1
    words[word.id] = word
    bookOfWord[word.id] = books[index].book.id
    books[index].wordIDs.append(word.id)
    books[index].book.wordCount += 1
    return word
  }
}
